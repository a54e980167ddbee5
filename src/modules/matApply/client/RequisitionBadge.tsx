import { Badge, Button, Tooltip } from 'antd';
import { SolutionOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { REQUISITION_BADGE_MAX, requisitionBadge } from './requisitionBadge.js';

/** The requisitions in the top bar (spec 000 §2, 001 §9): the open ones, up to 99; a click opens the list. */
export function RequisitionBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { count } = useSnapshot(requisitionBadge);
  return (
    <Tooltip title={t('nav.requisition')}>
      <Badge count={count} overflowCount={REQUISITION_BADGE_MAX} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<SolutionOutlined />} aria-label={t('nav.requisition')} onClick={() => navigate('/bizData/bizmatapply')} data-testid="requisition-icon" />
      </Badge>
    </Tooltip>
  );
}
