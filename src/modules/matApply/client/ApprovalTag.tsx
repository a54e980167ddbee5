import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { approvalState, type ApprovalState } from '../../../shared/requisitionRules.js';

/** A requisition's approval state as spec 001 §4 labels it (voided included), coloured by how far it got. */
const STATE_COLORS: Record<ApprovalState, string> = { approved: 'success', pending: 'warning', inApproval: 'processing', rejected: 'error', voided: 'default' };

export function ApprovalTag({ approvalStatus, voidStatus }: { approvalStatus: unknown; voidStatus?: unknown }) {
  const { t } = useTranslation();
  const state = approvalState(approvalStatus, voidStatus);
  return <Tag color={STATE_COLORS[state]}>{t(`matApply.state.${state}`)}</Tag>;
}
