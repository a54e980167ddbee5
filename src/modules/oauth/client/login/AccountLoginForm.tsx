import { useCallback, useState, type KeyboardEvent } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { captchaUrl, login, loginConfig, type LoginAnswer } from '../../../../kernel/client/api/oauth.js';
import { isEnvelope } from '../../../../shared/envelope.js';

interface AccountValues {
  account: string;
  password: string;
  code?: string;
}

/**
 * Account and password (spec 000 §2). The captcha appears when the server asks for it, either from getConfig
 * when the account is typed or in a refused sign-in. Sub-accounts sign in as mobile@account.
 */
export function AccountLoginForm({ onSignedIn }: { onSignedIn: (answer: LoginAnswer) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AccountValues>();
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

  const onFinish = async (values: AccountValues) => {
    setSubmitting(true);
    try {
      const { data } = await login({ account: values.account.trim(), password: values.password, code: values.code, timestamp: captchaId ?? undefined });
      onSignedIn(data);
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

  return (
    <Form<AccountValues> form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false} data-testid="account-login">
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
    </Form>
  );
}
