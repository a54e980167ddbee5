import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '../../../../shared/signInLimits.js';
import { checkRule } from '../../../../shared/validation/rules.js';
import type { Language } from '../../../../shared/language.js';
import { loginBySms, sendSmsCode, type LoginAnswer } from '../../../../kernel/client/api/oauth.js';

interface SmsValues {
  mobile: string;
  code: string;
}

/** Mobile number and verification code (spec 000 §2): get code, then resend after 60 s. */
export function SmsLoginForm({ onSignedIn }: { onSignedIn: (answer: LoginAnswer) => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<SmsValues>();
  const [waitUntil, setWaitUntil] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const remaining = Math.max(0, Math.ceil((waitUntil - now) / 1000));

  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [remaining]);

  const send = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return;
    }
    setSending(true);
    try {
      const { data } = await sendSmsCode(form.getFieldValue('mobile'));
      setSent(true);
      setWaitUntil(Date.now() + (data.resendAfterSeconds || SMS_RESEND_SECONDS) * 1000);
      setNow(Date.now());
    } catch {
      // The server's message (too many codes, wait N seconds) was shown.
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (values: SmsValues) => {
    setSubmitting(true);
    try {
      const { data } = await loginBySms(values.mobile.trim(), values.code.trim());
      onSignedIn(data);
    } catch {
      form.setFieldValue('code', '');
    } finally {
      setSubmitting(false);
    }
  };

  const sendLabel = remaining > 0 ? t('login.resendIn', { seconds: remaining }) : sent ? t('login.resend') : t('login.getCode');

  return (
    <Form<SmsValues> form={form} layout="vertical" size="large" onFinish={onFinish} requiredMark={false} data-testid="sms-login">
      <Form.Item
        name="mobile"
        label={t('login.mobile')}
        rules={[
          { required: true, whitespace: true, message: t('login.mobileRequired') },
          {
            validator: async (_, value: string) => {
              const problem = checkRule('mobile', value?.trim(), i18n.language as Language);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder={t('login.mobilePlaceholder')} maxLength={11} autoComplete="tel" inputMode="numeric" />
      </Form.Item>
      <Form.Item label={t('login.smsCode')} required>
        <div className="lc-captcha-row">
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('login.smsCodePlaceholder')} maxLength={SMS_CODE_LENGTH} autoComplete="one-time-code" inputMode="numeric" />
          </Form.Item>
          <Button onClick={() => void send()} disabled={remaining > 0} loading={sending} className="lc-sms-send" data-testid="sms-send">
            {sendLabel}
          </Button>
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} data-testid="sms-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
