import { useCallback, useState, type KeyboardEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { captchaUrl, login, loginConfig } from '../../api/oauth.js';
import { isEnvelope } from '../../../shared/envelope.js';
import { session, setToken } from '../../stores/session.js';

interface LoginValues {
  account: string;
  password: string;
  code?: string;
}

/** Only same-site paths are followed after sign-in: a crafted redirect must not send the user elsewhere. */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/';
  return target;
}

/**
 * Sign-in with account and password (spec 000 §2). The captcha appears when the server asks for it, either from
 * getConfig when the account is typed or in a refused sign-in. The other two modes are the app-shell issue.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [capsLock, setCapsLock] = useState(false);
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const refreshCaptcha = useCallback(() => setCaptchaId(String(Date.now())), []);

  const checkCaptcha = useCallback(
    async (account: string) => {
      if (!account.trim() || captchaId) return;
      try {
        const { data } = await loginConfig(account.trim());
        if (data.enableVerificationCode) refreshCaptcha();
      } catch {
        // The toast has told the user; signing in will ask again.
      }
    },
    [captchaId, refreshCaptcha],
  );

  const onKey = (event: KeyboardEvent) => setCapsLock(event.getModifierState?.('CapsLock') ?? false);

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      const { data } = await login({ account: values.account.trim(), password: values.password, code: values.code, timestamp: captchaId ?? undefined });
      setToken(data.token);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      const needsCaptcha = isEnvelope(error) && (error.data as { captchaRequired?: boolean } | null)?.captchaRequired;
      if (needsCaptcha || captchaId) {
        form.setFieldValue('code', '');
        refreshCaptcha();
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (token) return <Navigate to="/" replace />;

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
        <Form<LoginValues> form={form} className="lc-login-form" layout="vertical" size="large" onFinish={onFinish} requiredMark={false}>
          <Typography.Title level={3}>{t('login.title')}</Typography.Title>
          <Form.Item name="account" label={t('login.account')} rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.accountPlaceholder')} autoComplete="username" onBlur={(e) => void checkCaptcha(e.target.value)} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
            extra={capsLock ? <span className="lc-caps-warning" role="status">{t('login.capsLock')}</span> : undefined}
          >
            <Input.Password prefix={<LockOutlined />} placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" onKeyUp={onKey} onKeyDown={onKey} />
          </Form.Item>
          {captchaId && (
            <Form.Item label={t('login.code')} required>
              <div className="lc-captcha-row">
                <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}>
                  <Input prefix={<SafetyOutlined />} placeholder={t('login.codePlaceholder')} maxLength={4} autoComplete="off" />
                </Form.Item>
                <img className="lc-captcha" src={captchaUrl(captchaId)} alt={t('login.refreshCode')} title={t('login.refreshCode')} onClick={refreshCaptcha} />
              </div>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Alert className="lc-login-hint" type="info" showIcon message={t('login.demoHint')} />
        </Form>
      </div>
    </div>
  );
}
