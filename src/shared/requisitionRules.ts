import type { Language } from './language.js';

/**
 * The material requisition of spec 001 (§3 requisition application, §4 approval status, §5 "Requisition submit"),
 * shared by the requisition drawer (which stops at the first problem before sending) and the server (which checks
 * the same rules, in the same order, before anything is written, and then its own: products stocked, returned rows
 * the caller's and open, the need user in the need department, the project the need user's).
 *
 * Messages are keyed by rule; in Chinese they read exactly as the spec gives them. `{{row}}` is the 1-based row of
 * the spare-stock table (i18next's interpolation, so the client's bundles and the server's message table take the
 * texts as they are).
 */

/** The largest count a spare-stock row may ask for (server and client bound; the spec gives none). */
export const SPARE_COUNT_MAX = 9999;
/** Text bounds of the application form (the spec gives none; the columns are sized to them). */
export const ADDRESS_MAX_LENGTH = 200;
export const REMARKS_MAX_LENGTH = 500;
/** The most rows either detail table may send at once. */
export const REQUISITION_ROWS_MAX = 200;
/** The requisition badge shows at most this (spec 001 §9: applications 99). */
export const REQUISITION_BADGE_MAX = 99;

/** The §5 rules in the spec's order; spareCountInvalid is ours (a count that is not 1–9999), checked with its row. */
export const REQUISITION_RULES = [
  'nothingSubmitted',
  'spareProductRequired',
  'spareCountRequired',
  'spareCountInvalid',
  'projectRequired',
  'needDateRequired',
  'needUserRequired',
  'needOrgRequired',
  'addressRequired',
] as const;
export type RequisitionRule = (typeof REQUISITION_RULES)[number];

export interface RequisitionProblem {
  rule: RequisitionRule;
  /** The 1-based row of the spare-stock table, for the per-row rules. */
  row?: number;
}

export const REQUISITION_MESSAGES: Record<RequisitionRule, Record<Language, string>> = {
  nothingSubmitted: {
    zh: '您没有提交任何数据，请选择退库试剂或添加备库物料！',
    zhtw: '您沒有提交任何資料，請選擇退庫試劑或新增備庫物料！',
    en: 'Nothing was submitted: choose reagents to return or add spare-stock materials!',
  },
  spareProductRequired: { zh: '第{{row}}行请选择备库物料！', zhtw: '第{{row}}行請選擇備庫物料！', en: 'Row {{row}}: choose a spare-stock material!' },
  spareCountRequired: {
    zh: '第{{row}}行请填写备库物料领用数量！',
    zhtw: '第{{row}}行請填寫備庫物料領用數量！',
    en: 'Row {{row}}: enter how many of the spare-stock material you need!',
  },
  spareCountInvalid: {
    zh: `第{{row}}行备库物料领用数量须为1到${SPARE_COUNT_MAX}之间的整数！`,
    zhtw: `第{{row}}行備庫物料領用數量須為1到${SPARE_COUNT_MAX}之間的整數！`,
    en: `Row {{row}}: the quantity must be a whole number from 1 to ${SPARE_COUNT_MAX}!`,
  },
  projectRequired: { zh: '请选择项目！', zhtw: '請選擇項目！', en: 'Choose a project!' },
  needDateRequired: { zh: '请填写需求日期！', zhtw: '請填寫需求日期！', en: 'Enter the date it is needed by!' },
  needUserRequired: { zh: '请选择需求人！', zhtw: '請選擇需求人！', en: 'Choose who needs it!' },
  needOrgRequired: { zh: '请选择需求人所在部门！', zhtw: '請選擇需求人所在部門！', en: "Choose the requester's department!" },
  addressRequired: { zh: '请填写配送地址！', zhtw: '請填寫配送地址！', en: 'Enter the delivery address!' },
};

/** What the rules read of the form; values come as the client holds them (strings, numbers, null). */
export interface RequisitionDraft {
  projectId?: unknown;
  needDate?: unknown;
  needUser?: unknown;
  needOrg?: unknown;
  address?: unknown;
  matApplyDetail?: unknown;
  returnedMatApplyDetail?: unknown;
}

/** Empty as a form field: nothing, an empty or blank string, an empty array. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const rowsOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A count as a whole number 1–9999 (a numeric string counts), or null. */
export function spareCount(value: unknown): number | null {
  const text = typeof value === 'string' ? value.trim() : value;
  if (typeof text !== 'number' && !(typeof text === 'string' && /^\d+$/.test(text))) return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= SPARE_COUNT_MAX ? n : null;
}

/**
 * Every problem of the form, in the order the spec checks them: nothing submitted; then each spare row's product
 * and count; the project (when the need user must fill one); need date, need user, need department, address.
 * A count of 0 reads as missing, as the client's `!productCount` does.
 */
export function requisitionProblems(form: RequisitionDraft, context: { fillProject: boolean }): RequisitionProblem[] {
  const spare = rowsOf(form.matApplyDetail);
  const returned = rowsOf(form.returnedMatApplyDetail);
  if (spare.length === 0 && returned.length === 0) return [{ rule: 'nothingSubmitted' }];
  const problems: RequisitionProblem[] = [];
  spare.forEach((raw, index) => {
    const row = (raw && typeof raw === 'object' ? raw : {}) as { productId?: unknown; productCount?: unknown };
    if (isBlank(row.productId)) problems.push({ rule: 'spareProductRequired', row: index + 1 });
    const count = row.productCount;
    if (isBlank(count) || count === 0 || (typeof count === 'string' && /^0+$/.test(count.trim()))) problems.push({ rule: 'spareCountRequired', row: index + 1 });
    else if (spareCount(count) === null) problems.push({ rule: 'spareCountInvalid', row: index + 1 });
  });
  if (context.fillProject && isBlank(form.projectId)) problems.push({ rule: 'projectRequired' });
  if (isBlank(form.needDate)) problems.push({ rule: 'needDateRequired' });
  if (isBlank(form.needUser)) problems.push({ rule: 'needUserRequired' });
  if (isBlank(form.needOrg)) problems.push({ rule: 'needOrgRequired' });
  if (isBlank(form.address)) problems.push({ rule: 'addressRequired' });
  return problems;
}

/** The first problem, the one the drawer shows and the server answers; null when the form passes §5. */
export function firstRequisitionProblem(form: RequisitionDraft, context: { fillProject: boolean }): RequisitionProblem | null {
  return requisitionProblems(form, context)[0] ?? null;
}

/** A problem's message in a language, its row filled in. */
export function requisitionMessage(problem: RequisitionProblem, language: Language = 'zh'): string {
  return REQUISITION_MESSAGES[problem.rule][language].replace(/\{\{row\}\}/g, String(problem.row ?? ''));
}

// ---------------------------------------------------------------------------------------------------------------
// Approval status (spec 001 §4): default approved, 0 pending approval, 1 in approval, 3 rejected, -2 voided.

export const APPROVAL_STATES = ['approved', 'pending', 'inApproval', 'rejected', 'voided'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_LABELS: Record<ApprovalState, Record<Language, string>> = {
  approved: { zh: '审批通过', zhtw: '審批通過', en: 'Approved' },
  pending: { zh: '待审批', zhtw: '待審批', en: 'Pending approval' },
  inApproval: { zh: '审批中', zhtw: '審批中', en: 'In approval' },
  rejected: { zh: '审批驳回', zhtw: '審批駁回', en: 'Rejected' },
  voided: { zh: '已作废', zhtw: '已作廢', en: 'Voided' },
};

/** The stored approval status of a voided application (void also sets voidStatus 1). */
export const APPROVAL_STATUS_VOIDED = -2;

/**
 * The state an application's approval status shows. The spec's mapping, with two readings of ours: an empty
 * status (a new application, §4 "empty approvalStatus") has not been approved by anyone and shows as pending, not
 * as the mapping's default "approved"; and voidStatus 1 shows voided whatever the approval status says.
 */
export function approvalState(approvalStatus: unknown, voidStatus?: unknown): ApprovalState {
  if (Number(voidStatus) === 1) return 'voided';
  if (approvalStatus === null || approvalStatus === undefined || approvalStatus === '') return 'pending';
  switch (Number(approvalStatus)) {
    case 0:
      return 'pending';
    case 1:
      return 'inApproval';
    case 3:
      return 'rejected';
    case APPROVAL_STATUS_VOIDED:
      return 'voided';
    default:
      return 'approved';
  }
}

export function approvalLabel(approvalStatus: unknown, voidStatus?: unknown, language: Language = 'zh'): string {
  return APPROVAL_LABELS[approvalState(approvalStatus, voidStatus)][language];
}

/** Still awaiting a decision (pending or in approval, not voided): what the badge counts and what may be voided. */
export function isOpenApplication(approvalStatus: unknown, voidStatus?: unknown): boolean {
  const state = approvalState(approvalStatus, voidStatus);
  return state === 'pending' || state === 'inApproval';
}

/** Not approved and not voided (pending, in approval or rejected): the owner may still void it. */
export function canVoidApplication(approvalStatus: unknown, voidStatus?: unknown): boolean {
  const state = approvalState(approvalStatus, voidStatus);
  return state === 'pending' || state === 'inApproval' || state === 'rejected';
}

/** The badge text: the count, or 99+ above 99. */
export function requisitionBadge(count: number): string {
  return count > REQUISITION_BADGE_MAX ? `${REQUISITION_BADGE_MAX}+` : String(Math.max(0, Math.floor(count)));
}
