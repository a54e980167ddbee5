import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Avatar, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../../kernel/client/components/usePageTitle.js';
import { useSnapshot } from 'valtio';
import { currentUser, logout, unlockScreen } from '../../../../kernel/client/api/oauth.js';
import { resetSession, session, setLocked, setSessionInfo } from '../../../../kernel/client/stores/session.js';

/**
 * /lockScreen (spec 000 §4): the session stays, the page waits. Unlocking sends the account and the hashed
 * password to the server, which counts failures like sign-ins; success clears the lock and returns to the
 * workspace.
 */
export function LockScreenPage() {
  const { t } = useTranslation();
  usePageTitle(t('lock.title'));
  const navigate = useNavigate();
  const { token, locked, userInfo } = useSnapshot(session);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (token && !userInfo) void currentUser().then(({ data }) => setSessionInfo(data), () => undefined);
  }, [token, userInfo]);

  if (!token) return <Navigate to="/login" replace />;
  if (!locked) return <Navigate to="/home" replace />;

  const unlock = async ({ password }: { password: string }) => {
    if (!userInfo) return;
    setBusy(true);
    try {
      await unlockScreen(userInfo.userAccount, password);
      setLocked(false);
      navigate('/home', { replace: true });
    } catch {
      // The server's message is on screen (wrong password, too many failures); the lock stays.
    } finally {
      setBusy(false);
    }
  };

  const signInAgain = async () => {
    try {
      await logout();
    } finally {
      resetSession();
      navigate('/login', { replace: true });
    }
  };

  return (
    <div className="lc-lock">
      <div className="lc-lock-card">
        <Avatar size={72} icon={<UserOutlined />} />
        <Typography.Title level={4}>{userInfo?.userName ?? ''}</Typography.Title>
        <Typography.Text type="secondary">{t('lock.title')}</Typography.Text>
        <Form onFinish={(values) => void unlock(values)} className="lc-lock-form" requiredMark={false}>
          <Form.Item name="password" rules={[{ required: true, message: t('lock.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={t('lock.password')} autoFocus data-testid="unlock-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="unlock-submit">{t('lock.unlock')}</Button>
        </Form>
        <Button type="link" onClick={() => void signInAgain()}>{t('lock.relogin')}</Button>
      </div>
    </div>
  );
}
