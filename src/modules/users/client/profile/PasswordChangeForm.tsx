import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { canSealPasswords } from '../../../../shared/passwordCipher.js';
import { passwordProblems, readPasswordPolicy } from '../../../../shared/passwordPolicy.js';
import { captchaUrl } from '../../../../kernel/client/api/oauth.js';
import { modifyPassword } from '../../../../kernel/client/api/currentUserApi.js';
import { session } from '../../../../kernel/client/stores/session.js';

interface PasswordValues {
  oldPassword: string;
  password: string;
  repeatPassword: string;
  code: string;
}

/**
 * The password change of spec 001 §5, shared by the profile page and the forced dialog: the messages are the
 * spec's, the policy is the one the server checks again, and the captcha refreshes after every attempt.
 */
export function PasswordChangeForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const { sysConfigInfo } = useSnapshot(session);
  const policy = readPasswordPolicy((sysConfigInfo ?? {}) as Record<string, unknown>);
  const [captchaId, setCaptchaId] = useState(() => String(Date.now()));
  const [saving, setSaving] = useState(false);

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    try {
      await modifyPassword({ oldPassword: values.oldPassword, password: values.password, code: values.code.trim(), timestamp: captchaId });
      form.resetFields();
      onChanged();
    } catch {
      // The request layer showed the server's message; the save button comes back (spec 000 §8).
    } finally {
      setSaving(false);
      setCaptchaId(String(Date.now()));
      form.setFieldValue('code', '');
    }
  };

  if (!canSealPasswords()) return <Alert type="error" showIcon message={t('password.insecureContext')} />;

  return (
    <Form<PasswordValues> form={form} layout="vertical" onFinish={submit} className="lc-password-form" data-testid="password-form">
      <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password.new')}
        rules={[
          { required: true, message: t('password.newRequired') },
          {
            validator: async (_, value: string) => {
              const [problem] = value ? passwordProblems(value, policy) : [];
              if (problem) throw new Error(t(problem.key, problem.values));
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeatPassword"
        label={t('password.repeat')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('password.repeatRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string) => {
              if (value && value !== getFieldValue('password')) throw new Error(t('password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label={t('login.code')} required>
        <div className="lc-captcha-row">
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('password.codeRequired') }]}>
            <Input maxLength={4} autoComplete="off" placeholder={t('login.codePlaceholder')} />
          </Form.Item>
          <img className="lc-captcha" src={captchaUrl(captchaId)} alt={t('login.refreshCode')} title={t('login.refreshCode')} onClick={() => setCaptchaId(String(Date.now()))} />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="password-submit">
        {t('password.submit')}
      </Button>
    </Form>
  );
}
