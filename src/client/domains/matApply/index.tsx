import { subscribe } from 'valtio';
import { i18n } from '../../i18n/index.js';
import { registerAction } from '../../runtime/page/actions.js';
import { registerCell } from '../../runtime/page/cells.js';
import { session } from '../../stores/session.js';
import { setRequisitionCount } from '../../stores/shellCounters.js';
import { refreshRequisitionCount } from './requisitionBadge.js';
import { en, zh, zhtw } from './i18n.js';
import { ApprovalTag } from './ApprovalTag.js';
import { RequisitionDrawer } from './RequisitionDrawer.js';

/**
 * The material requisition's client (spec 001 §2 requisition drawer, §4, §5, §7). The list at /bizData/bizmatapply
 * is its JSON screen (schemas/screens/bizData/bizmatapply.json, a list node); what it names is registered here:
 * the action openRequisition (the drawer from any screen; on success it reloads the opener and lands on the
 * requisition list), the action refreshRequisitionBadge, the cells approvalStatus and requisitionLines, its words
 * under `matApply.`, and the top bar's requisition badge (getApplyNum, shown up to 99), loaded now, on each sign-in
 * and when the window regains focus.
 */
export const REQUISITION_LIST_PATH = '/bizData/bizmatapply';

i18n.addResourceBundle('zh', 'translation', { matApply: zh }, true, true);
i18n.addResourceBundle('zhtw', 'translation', { matApply: zhtw }, true, true);
i18n.addResourceBundle('en', 'translation', { matApply: en }, true, true);

registerCell('approvalStatus', (value, { row }) => <ApprovalTag approvalStatus={value} voidStatus={row.voidStatus} />);
/** A requisition's lines: its spare-stock and returned-reagent rows together. */
registerCell('requisitionLines', (_value, { row }) => (Number(row.spareCount) || 0) + (Number(row.returnedCount) || 0));

/** {actionType: 'refreshRequisitionBadge'}: the top bar's requisition count again (after a void). */
registerAction('refreshRequisitionBadge', () => refreshRequisitionCount());

/** {actionType: 'openRequisition'}: the requisition drawer; a submitted requisition lands on the requisition list. */
registerAction('openRequisition', (_action, env) => {
  env.open((close) => (
    <RequisitionDrawer
      open
      onClose={close}
      onSubmitted={() => {
        close();
        void env.reload();
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
