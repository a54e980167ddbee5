import { Alert, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../stores/session.js';

/** The about dialog (400 px, spec 000 §2): system name, version and provider, and the fictitious-data notice. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { sysConfigInfo } = useSnapshot(session);
  return (
    <Modal open={open} width={400} title={t('lock.aboutTitle')} footer={null} onCancel={onClose} rootClassName="lc-about">
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('lock.systemName')}>{sysConfigInfo?.sysName || t('product.name')}</Descriptions.Item>
        <Descriptions.Item label={t('lock.version')}>{sysConfigInfo?.sysVersion}</Descriptions.Item>
        <Descriptions.Item label={t('lock.provider')}>{String(sysConfigInfo?.provider ?? '')}</Descriptions.Item>
      </Descriptions>
      <Alert type="warning" showIcon message={t('home.fictitious')} />
    </Modal>
  );
}
