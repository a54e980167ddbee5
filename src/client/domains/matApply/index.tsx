import { subscribe } from 'valtio';
import { i18n } from '../../i18n/index.js';
import { registerAction } from '../../runtime/page/actions.js';
import { registerCell } from '../../runtime/page/cells.js';
import { registerPageNode } from '../../runtime/page/pageNodes.js';
import { session } from '../../stores/session.js';
import { setRequisitionCount } from '../../stores/shellCounters.js';
import { refreshRequisitionCount } from './requisitionBadge.js';
import { en, zh, zhtw } from './i18n.js';
import { ApprovalTag, MatApplyListNode } from './MatApplyListNode.js';
import { RequisitionDrawer } from './RequisitionDrawer.js';

/**
 * The material requisition's client (spec 001 §2 requisition drawer, §4, §5, §7): the page node matApplyList (the
 * list at /bizData/bizmatapply with 新建申领), the action openRequisition (the drawer from any screen; on success
 * it lands on the requisition list), the cell approvalStatus, its words under `matApply.`, and the top bar's
 * requisition badge (getApplyNum, shown up to 99), loaded now, on each sign-in and when the window regains focus.
 */
export const REQUISITION_LIST_PATH = '/bizData/bizmatapply';

i18n.addResourceBundle('zh', 'translation', { matApply: zh }, true, true);
i18n.addResourceBundle('zhtw', 'translation', { matApply: zhtw }, true, true);
i18n.addResourceBundle('en', 'translation', { matApply: en }, true, true);

registerPageNode('matApplyList', MatApplyListNode);

registerCell('approvalStatus', (value, { row }) => <ApprovalTag approvalStatus={value} voidStatus={row.voidStatus} />);

/** {actionType: 'openRequisition'}: the requisition drawer; a submitted requisition lands on the requisition list. */
registerAction('openRequisition', (_action, env) => {
  env.open((close) => (
    <RequisitionDrawer
      open
      onClose={close}
      onSubmitted={() => {
        close();
        env.navigate(REQUISITION_LIST_PATH);
      }}
    />
  ));
});

const signedIn = () => Boolean(session.token);
if (signedIn()) void refreshRequisitionCount();
let token = session.token;
subscribe(session, () => {
  if (session.token === token) return;
  token = session.token;
  if (signedIn()) void refreshRequisitionCount();
  else setRequisitionCount(0);
});
if (typeof window !== 'undefined') {
  window.addEventListener('focus', () => signedIn() && void refreshRequisitionCount());
}
