import { describe, expect, it } from 'vitest';
import { approvalStatusKey, listOrderStatusKey, ORDER_STATUS_LABELS, orderStatusKey, successFailedKey, yesNoKey } from '../../../src/shared/orderStatus.js';

describe('order status labels of spec 001 §4', () => {
  it('labels every order status, the default being order placed', () => {
    const zh = (s: unknown) => ORDER_STATUS_LABELS[orderStatusKey(s as number)].zh;
    expect([0, 1, 2, 3, 10, -1, -2, 6].map(zh)).toEqual(['下单失败', '下单成功', '配送中', '部分收货', '订单完成', '订单取消', '订单作废', '订单申请变更']);
    expect(zh(null)).toBe('下单成功');
    expect(zh('2')).toBe('配送中');
    expect(orderStatusKey(99)).toBe('order.status.placed');
  });

  it('labels approval statuses, approved by default', () => {
    expect([0, 1, 3, -2, null, 2].map((s) => approvalStatusKey(s))).toEqual(['approval.pending', 'approval.inApproval', 'approval.rejected', 'approval.voided', 'approval.approved', 'approval.approved']);
  });

  it('computes the list order status only for approval status -1', () => {
    expect(listOrderStatusKey(-1, 0)).toBe('listOrder.failed');
    expect(listOrderStatusKey(-1, -1)).toBe('listOrder.success');
    expect(listOrderStatusKey('-1', '-1')).toBe('listOrder.success');
    expect(listOrderStatusKey(-1, 2)).toBe('listOrder.partlyFailed');
    expect(listOrderStatusKey(-1, null)).toBe('listOrder.partlyFailed');
    for (const other of [null, 0, 1, 3, -2]) expect(listOrderStatusKey(other, 0)).toBe('listOrder.none');
    expect(ORDER_STATUS_LABELS['listOrder.none'].zh).toBe('-');
  });

  it('maps yes/no and success/failed', () => {
    expect([1, '1', 0, 2, null].map(yesNoKey)).toEqual(['common.yes', 'common.yes', 'common.no', 'common.no', 'common.no']);
    expect([0, '0', 1, 5, null].map(successFailedKey)).toEqual(['listOrder.failed', 'listOrder.failed', 'listOrder.success', 'listOrder.success', 'listOrder.success']);
  });
});
