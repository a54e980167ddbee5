import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A fixed route of the spec whose feature is not built yet (workflow detail, form short links). It says so
 * plainly rather than showing an empty page or pretending.
 */
export function PendingFeaturePage({ feature }: { feature: 'formShortLink' | 'dynamicModel' }) {
  const { t } = useTranslation();
  return (
    <div data-testid="pending-feature">
      <Result status="info" title={t(`pending.${feature}`)} subTitle={t('pending.later')} />
    </div>
  );
}
