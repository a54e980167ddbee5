import type { Language } from '../language.js';

/**
 * The workflow handle actions of the print approval table (spec 001 §4): 0 sent back, 1 approved, 2 initiated,
 * 3 withdrawn, 4 terminated, 5 assigned, 6 added signer, 7 transferred, 8 changed, 9 revived.
 */
export const HANDLE_STATUS_LABELS: Record<number, Record<Language, string>> = {
  0: { zh: '退回', zhtw: '退回', en: 'Sent back' },
  1: { zh: '同意', zhtw: '同意', en: 'Approved' },
  2: { zh: '发起', zhtw: '發起', en: 'Initiated' },
  3: { zh: '撤回', zhtw: '撤回', en: 'Withdrawn' },
  4: { zh: '终止', zhtw: '終止', en: 'Terminated' },
  5: { zh: '指派', zhtw: '指派', en: 'Assigned' },
  6: { zh: '加签', zhtw: '加簽', en: 'Added signer' },
  7: { zh: '转办', zhtw: '轉辦', en: 'Transferred' },
  8: { zh: '变更', zhtw: '變更', en: 'Changed' },
  9: { zh: '复活', zhtw: '復活', en: 'Revived' },
};

export function handleStatusLabel(status: unknown, language: Language): string {
  const labels = HANDLE_STATUS_LABELS[Number(status)];
  return labels ? labels[language] : String(status ?? '');
}

/** The approval table's headings. */
export const APPROVAL_COLUMNS: Record<'nodeName' | 'userName' | 'handleTime' | 'handleStatus' | 'handleOpinion', Record<Language, string>> = {
  nodeName: { zh: '审批节点', zhtw: '審批節點', en: 'Step' },
  userName: { zh: '审批人', zhtw: '審批人', en: 'Approver' },
  handleTime: { zh: '审批时间', zhtw: '審批時間', en: 'Time' },
  handleStatus: { zh: '审批动作', zhtw: '審批動作', en: 'Action' },
  handleOpinion: { zh: '审批意见', zhtw: '審批意見', en: 'Opinion' },
};
