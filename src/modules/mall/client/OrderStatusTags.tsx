import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { listOrderStatus, listOrderStatusLabel, orderStatusColor, orderStatusLabel } from './status.js';

/** An order's status label (spec 001 §4). */
export function OrderStatusTag({ status }: { status: number }) {
  const { i18n } = useTranslation();
  return (
    <Tag color={orderStatusColor(status)} data-status={status}>
      {orderStatusLabel(status, i18n.language)}
    </Tag>
  );
}

const LIST_COLORS = { failed: 'error', success: 'success', partlyFailed: 'warning' } as const;

/** The list's order status (spec 001 §4): failed / success / partly failed when approvalStatus is -1, else a dash. */
export function ListOrderStatus({ approvalStatus, secondStatus }: { approvalStatus: number | null; secondStatus: number | null }) {
  const { i18n } = useTranslation();
  const result = listOrderStatus(approvalStatus, secondStatus);
  if (!result) return <span data-list-status="none">-</span>;
  return (
    <Tag color={LIST_COLORS[result]} data-list-status={result}>
      {listOrderStatusLabel(result, i18n.language)}
    </Tag>
  );
}
