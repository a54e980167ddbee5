import { subscribe } from 'valtio';
import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { registerCell } from '../../../kernel/client/runtime/page/cells.js';
import { session } from '../../../kernel/client/stores/session.js';
import { setRequisitionCount } from './requisitionBadge.js';
import { refreshRequisitionCount } from './requisitionBadge.js';
import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { matApplyWords } from '../locale/words.js';
import { ApprovalTag } from './ApprovalTag.js';
import { firstRequisitionProblem } from '../../../shared/requisitionRules.js';
import { registerValidator } from '../../../kernel/client/runtime/page/validators.js';

/**
 * The material requisition's client (spec 001 §2 requisition drawer, §4, §5, §7). Its screens are JSON: the list
 * at /bizData/bizmatapply (schemas/matApply/bizData/bizmatapply.json) and the 900 px drawer its 新建申领 opens
 * (bizData/matApplyForm.json, an entryForm node: returned reagents, spare-stock rows, the application). What they
 * name is registered here: the validator requisitionSubmit (spec 001 §5, in the spec's order), the action
 * refreshRequisitionBadge, the cells approvalStatus and requisitionLines, its words under `matApply.`, and the top
 * bar's requisition badge (getApplyNum, shown up to 99), loaded now, on each sign-in and when the window regains
 * focus.
 */

registerWords(matApplyWords);

registerCell('approvalStatus', (value, { row }) => <ApprovalTag approvalStatus={value} voidStatus={row.voidStatus} />);
/** A requisition's lines: its spare-stock and returned-reagent rows together. */
registerCell('requisitionLines', (_value, { row }) => (Number(row.spareCount) || 0) + (Number(row.returnedCount) || 0));

/** {actionType: 'refreshRequisitionBadge'}: the top bar's requisition count again (after a void). */
registerAction('refreshRequisitionBadge', () => refreshRequisitionCount());

/**
 * The submit rules of spec 001 §5 over the body the drawer sends, in the spec's order (src/shared/requisitionRules.ts,
 * which the server checks again): the first problem, in the user's language. Whether the need user must name a
 * project is the form's value fillProject, taken from getUserById when the need user changes.
 */
registerValidator('requisitionSubmit', (body, { t, context }) => {
  const values = (context.values ?? {}) as Record<string, unknown>;
  const problem = firstRequisitionProblem((body ?? {}) as Record<string, unknown>, { fillProject: Number(values.fillProject) === 1 });
  return problem ? { ok: false, message: t(`matApply.rule.${problem.rule}`, { row: problem.row }) } : { ok: true };
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
