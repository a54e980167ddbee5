import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The colours of a flow's status (1 wait … 5 cancel) and urgency (1 normal, 2 important, 3 urgent), as the lists show them. */
const STATUS_COLOURS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error', 4: 'warning', 5: 'default' };
const URGENCY_COLOURS: Record<number, string> = { 1: 'default', 2: 'warning', 3: 'error' };

export function FlowStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <span data-testid="flow-status" data-status={status}>
      <Tag color={STATUS_COLOURS[status] ?? 'default'}>{t(`workflow.status.${status}`)}</Tag>
    </span>
  );
}

export function UrgencyTag({ urgency }: { urgency: number }) {
  const { t } = useTranslation();
  return <Tag color={URGENCY_COLOURS[urgency] ?? 'default'}>{t(`workflow.urgency.${urgency}`)}</Tag>;
}
