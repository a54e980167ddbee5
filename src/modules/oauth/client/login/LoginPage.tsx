import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Divider, Tabs, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { THEMES, type Theme } from '../../../../shared/constants.js';
import { safeRedirect } from '../../../../shared/shell/safeRedirect.js';
import { loginSettings, type LoginAnswer, type LoginSettings } from '../../../../kernel/client/api/oauth.js';
import { SESSION_ENDED_KEY } from '../../../../kernel/client/api/request.js';
import { usePageTitle } from '../../../../kernel/client/components/usePageTitle.js';
import { session, setToken } from '../../../../kernel/client/stores/session.js';
import { changeSetting } from '../../../../kernel/client/stores/settings.js';
import { AccountLoginForm } from './AccountLoginForm.js';
import { ScanLogin } from './ScanLogin.js';
import { SmsLoginForm } from './SmsLoginForm.js';


/** What every sign-in mode does once it has a token: keep it, take the user's layout, go where they wanted. */
export function useFinishSignIn(): (answer: LoginAnswer) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return useCallback(
    (answer: LoginAnswer) => {
      setToken(answer.token);
      takenReason = null;
      // The sign-in answer carries the layout saved on the profile (spec 000 §3).
      if ((THEMES as readonly string[]).includes(answer.theme)) changeSetting('layoutType', answer.theme as Theme);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    [navigate, params],
  );
}

/** Taken once per page load (the page may mount more than once), so a later visit to /login does not repeat it. */
let takenReason: string | null | undefined;
function sessionEndedReason(): string | null {
  if (takenReason !== undefined) return takenReason;
  try {
    takenReason = window.sessionStorage.getItem(SESSION_ENDED_KEY);
    window.sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    takenReason = null;
  }
  return takenReason;
}

/**
 * /login with the three modes of spec 000 §2: account and password, mobile verification code, app scan. Single
 * sign-on is offered when the server has an identity provider configured. A signed-in user goes to / (rule 2).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const [params] = useSearchParams();
  const finish = useFinishSignIn();
  const [settings, setSettings] = useState<LoginSettings | null>(null);
  const [mode, setMode] = useState('account');
  // Why the last session ended, when the message socket said so (signed out elsewhere, disabled...): shown once.
  const [endedReason] = useState(sessionEndedReason);
  usePageTitle(t('login.title'));

  useEffect(() => {
    void loginSettings().then(({ data }) => setSettings(data), () => undefined);
  }, []);

  const redirect = params.get('redirect');
  // A signed-in user goes to / (spec 000 §2, rule 2), or where the sign-in was headed.
  if (token) return <Navigate to={safeRedirect(redirect)} replace />;

  return (
    <div className="lc-login">
      <div className="lc-login-brand">
        <div className="lc-login-brand-inner">
          <div className="lc-logo-mark" aria-hidden>LC</div>
          <Typography.Title level={2}>{t('product.name')}</Typography.Title>
          <Typography.Paragraph>{t('product.slogan')}</Typography.Paragraph>
        </div>
      </div>
      <div className="lc-login-panel">
        <div className="lc-login-form">
          {endedReason && (
            <span data-testid="session-ended">
              <Alert type="warning" showIcon message={endedReason} style={{ marginBottom: 16 }} />
            </span>
          )}
          <Tabs
            activeKey={mode}
            onChange={setMode}
            destroyOnHidden
            items={[
              { key: 'account', label: t('login.modes.account'), children: <AccountLoginForm onSignedIn={finish} /> },
              { key: 'sms', label: t('login.modes.sms'), children: <SmsLoginForm onSignedIn={finish} /> },
              { key: 'scan', label: t('login.modes.scan'), children: <ScanLogin onSignedIn={finish} /> },
            ]}
            data-testid="login-modes"
          />
          {settings?.ssoEnabled && (
            <>
              <Divider plain>{t('login.or')}</Divider>
              <Button block icon={<KeyOutlined />} href={`/sso${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`} data-testid="sso-link">
                {t('login.sso')}
              </Button>
            </>
          )}
          <Alert className="lc-login-hint" type="info" showIcon message={t('login.demoHint')} />
          {settings && (
            <div className="lc-login-footer">
              <span>{t('login.company')}：{settings.company}</span>
              <span>{t('login.contact')}：{settings.contact}</span>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
