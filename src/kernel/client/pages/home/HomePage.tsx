import { Alert, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session.js';
import { formatDate } from '../../../../shared/format/dateFormat.js';

/** The home page: who you are, and the fictitious-data notice. */
export function HomePage() {
  const { t } = useTranslation();
  const { userInfo } = useSnapshot(session);
  return (
    <>
      <Typography.Title level={3} data-testid="welcome">
        {t('home.welcome', { name: userInfo?.userName })}
      </Typography.Title>
      <Alert type="warning" showIcon message={t('home.fictitious')} className="lc-notice" />
      <Card>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('home.account')}>{userInfo?.userAccount}</Descriptions.Item>
          <Descriptions.Item label={t('home.department')}>{userInfo?.organizeName}</Descriptions.Item>
          <Descriptions.Item label={t('home.position')}>{userInfo?.positionName}</Descriptions.Item>
          <Descriptions.Item label={t('home.lastLogin')}>
            {userInfo?.prevLoginTime ? `${formatDate(userInfo.prevLoginTime)} · ${userInfo.prevLoginIPAddress ?? ''}` : t('home.never')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </>
  );
}
