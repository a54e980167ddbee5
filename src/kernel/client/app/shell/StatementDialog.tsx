import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The official statement (spec 000 §2): what the platform is, and that its data is fictitious test data. */
export function StatementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} width={600} title={t('statement.title')} footer={null} onCancel={onClose} rootClassName="lc-statement">
      <Typography.Paragraph>{t('statement.purpose')}</Typography.Paragraph>
      <Typography.Paragraph strong>{t('home.fictitious')}</Typography.Paragraph>
      <Typography.Paragraph>{t('statement.privacy')}</Typography.Paragraph>
    </Modal>
  );
}
