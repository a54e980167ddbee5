import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/usePageTitle.js';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('notFound.title'));
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.title')}
      extra={<Button type="primary" onClick={() => navigate('/home')}>{t('notFound.back')}</Button>}
    />
  );
}
