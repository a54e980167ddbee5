/**
 * Order and approval status labels of spec 001 §4, and its list-order-status rule: pure, so the order screens
 * and the server's list rows agree. Labels are message keys (translated where shown); zh reads as the spec.
 */
export const ORDER_STATUS = { failed: 0, placed: 1, delivering: 2, partlyReceived: 3, completed: 10, cancelled: -1, voided: -2, changeRequested: 6 } as const;

export type OrderStatusKey =
  | 'order.status.failed'
  | 'order.status.placed'
  | 'order.status.delivering'
  | 'order.status.partlyReceived'
  | 'order.status.completed'
  | 'order.status.cancelled'
  | 'order.status.voided'
  | 'order.status.changeRequested';

const STATUS_KEYS: Record<number, OrderStatusKey> = {
  0: 'order.status.failed',
  1: 'order.status.placed',
  2: 'order.status.delivering',
  3: 'order.status.partlyReceived',
  10: 'order.status.completed',
  [-1]: 'order.status.cancelled',
  [-2]: 'order.status.voided',
  6: 'order.status.changeRequested',
};

/** The order status label; an empty or unknown status reads as the default, 1 order placed successfully. */
export function orderStatusKey(status: number | string | null | undefined): OrderStatusKey {
  const n = status === null || status === undefined || status === '' ? 1 : Number(status);
  return STATUS_KEYS[n] ?? 'order.status.placed';
}

export type ApprovalStatusKey = 'approval.approved' | 'approval.pending' | 'approval.inApproval' | 'approval.rejected' | 'approval.voided';

/** The approval status label: 0 pending, 1 in approval, 3 rejected, -2 voided; anything else (the default) approved. */
export function approvalStatusKey(status: number | string | null | undefined): ApprovalStatusKey {
  const n = status === null || status === undefined || status === '' ? NaN : Number(status);
  if (n === 0) return 'approval.pending';
  if (n === 1) return 'approval.inApproval';
  if (n === 3) return 'approval.rejected';
  if (n === -2) return 'approval.voided';
  return 'approval.approved';
}

export type ListOrderStatusKey = 'listOrder.failed' | 'listOrder.success' | 'listOrder.partlyFailed' | 'listOrder.none';

/**
 * The list order status (spec 001 §4): only when approvalStatus is -1 — failed when secondStatus is 0, success when
 * secondStatus equals approvalStatus, partly failed otherwise; any other approval status shows a dash ('listOrder.none').
 * "The two values" of the spec are read as approvalStatus and secondStatus, the two it has just named.
 */
export function listOrderStatusKey(approvalStatus: number | string | null | undefined, secondStatus: number | string | null | undefined): ListOrderStatusKey {
  if (approvalStatus === null || approvalStatus === undefined || approvalStatus === '' || Number(approvalStatus) !== -1) return 'listOrder.none';
  const second = secondStatus === null || secondStatus === undefined || secondStatus === '' ? NaN : Number(secondStatus);
  if (second === 0) return 'listOrder.failed';
  if (second === Number(approvalStatus)) return 'listOrder.success';
  return 'listOrder.partlyFailed';
}

/** Yes/no (1 yes, otherwise no) and success/failed (0 failed, otherwise success) of spec 001 §4. */
export const yesNoKey = (value: unknown): 'common.yes' | 'common.no' => (Number(value) === 1 && value !== null && value !== '' ? 'common.yes' : 'common.no');
export const successFailedKey = (value: unknown): 'listOrder.success' | 'listOrder.failed' => (value !== null && value !== '' && value !== undefined && Number(value) === 0 ? 'listOrder.failed' : 'listOrder.success');

/** The labels in the three languages, for the server's rows and any client that has no bundle of its own. */
export const ORDER_STATUS_LABELS: Record<OrderStatusKey | ApprovalStatusKey | ListOrderStatusKey, { zh: string; zhtw: string; en: string }> = {
  'order.status.failed': { zh: '下单失败', zhtw: '下單失敗', en: 'Order failed' },
  'order.status.placed': { zh: '下单成功', zhtw: '下單成功', en: 'Order placed successfully' },
  'order.status.delivering': { zh: '配送中', zhtw: '配送中', en: 'Being delivered' },
  'order.status.partlyReceived': { zh: '部分收货', zhtw: '部分收貨', en: 'Partly received' },
  'order.status.completed': { zh: '订单完成', zhtw: '訂單完成', en: 'Order completed' },
  'order.status.cancelled': { zh: '订单取消', zhtw: '訂單取消', en: 'Order cancelled' },
  'order.status.voided': { zh: '订单作废', zhtw: '訂單作廢', en: 'Order voided' },
  'order.status.changeRequested': { zh: '订单申请变更', zhtw: '訂單申請變更', en: 'Order change requested' },
  'approval.approved': { zh: '审批通过', zhtw: '審批通過', en: 'Approved' },
  'approval.pending': { zh: '待审批', zhtw: '待審批', en: 'Pending approval' },
  'approval.inApproval': { zh: '审批中', zhtw: '審批中', en: 'In approval' },
  'approval.rejected': { zh: '已驳回', zhtw: '已駁回', en: 'Rejected' },
  'approval.voided': { zh: '已作废', zhtw: '已作廢', en: 'Voided' },
  'listOrder.failed': { zh: '失败', zhtw: '失敗', en: 'Failed' },
  'listOrder.success': { zh: '成功', zhtw: '成功', en: 'Success' },
  'listOrder.partlyFailed': { zh: '部分失败', zhtw: '部分失敗', en: 'Partly failed' },
  'listOrder.none': { zh: '-', zhtw: '-', en: '-' },
};
