import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { loginBySso } from '../../../../kernel/client/api/oauth.js';
import { usePageTitle } from '../../../../kernel/client/components/usePageTitle.js';
import { useFinishSignIn } from './LoginPage.js';
import { safeRedirect } from '../../../../shared/shell/safeRedirect.js';

/**
 * /sso, the single sign-on entry (spec 000 §2). Without a ticket it hands the browser to the server, which sends
 * it to the OpenID Connect provider; the provider returns to the server's callback, which comes back here with a
 * one-time ticket (or an error). The ticket is exchanged through Login with the keycloak grant type.
 */
export function SsoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const ticket = params.get('ticket');
  const error = params.get('error');
  const redirect = safeRedirect(params.get('redirect'));
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  usePageTitle(t('login.sso'));

  useEffect(() => {
    if (started.current || error) return;
    started.current = true;
    if (!ticket) {
      window.location.assign(`/api/oauth/sso/authorize?redirect=${encodeURIComponent(redirect)}`);
      return;
    }
    loginBySso(ticket).then(({ data }) => finish(data), () => setFailed(true));
  }, [ticket, error, redirect, finish]);

  if (error || failed) {
    return (
      <div data-testid="sso-error">
        <Result
          status="error"
          title={t('login.ssoFailed')}
          subTitle={error ? t(`login.ssoErrors.${error}`, { defaultValue: t('login.ssoErrors.unknown') }) : undefined}
          extra={<Button type="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent(redirect)}`)}>{t('login.backToLogin')}</Button>}
        />
      </div>
    );
  }
  return <div className="lc-page-loading"><Spin tip={t('login.ssoRedirecting')}><div style={{ width: 200, height: 60 }} /></Spin></div>;
}
