import { useState } from 'react';
import { Form, Input, message, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../../shared/constants.js';
import { canSealPasswords, sealPassword } from '../../../../../shared/passwordCipher.js';
import { hashPasswordForTransport } from '../../../../../shared/passwordHash.js';
import { getPasswordKey } from '../../../api/currentUserApi.js';
import { request } from '../../../api/request.js';
import { registerAction } from '../actions.js';
import { fillCall } from '../template.js';
import type { ScreenCall } from '../screen.js';

/**
 * {actionType: 'resetPassword', api}: the administrator's reset-password dialog (600 px): new password twice.
 * Like every password call the plain text never travels: JNPF's userPassword and validatePassword carry its MD5,
 * and passwordCipher seals it for the server's policy check (spec 001 §5).
 */
interface Values {
  userPassword: string;
  validatePassword: string;
}

export function ResetPasswordDialog({ account, send, onClose }: { account?: string; send: (body: Record<string, string>) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body: Record<string, string> = { userPassword: hashPasswordForTransport(values.userPassword), validatePassword: hashPasswordForTransport(values.validatePassword) };
      if (canSealPasswords()) body.passwordCipher = await sealPassword((await getPasswordKey()).data.publicKey, values.userPassword);
      await send(body);
      onClose();
    } catch {
      // The request layer has shown why; the dialog stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open width={600} title={t('resetPassword.title')} okText={t('page.ok')} cancelText={t('page.cancel')} confirmLoading={saving} onOk={() => void save()} onCancel={onClose} maskClosable={false} destroyOnHidden>
      <Form form={form} labelCol={{ flex: '90px' }} data-testid="reset-password-form">
        {account && <Form.Item label={t('resetPassword.account')}>{account}</Form.Item>}
        <Form.Item
          name="userPassword"
          label={t('resetPassword.password')}
          rules={[
            { required: true, message: t('resetPassword.passwordRequired') },
            { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, message: t('resetPassword.length', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }) },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="validatePassword"
          label={t('resetPassword.confirm')}
          dependencies={['userPassword']}
          rules={[
            { required: true, message: t('resetPassword.confirmRequired') },
            ({ getFieldValue }) => ({ validator: (_rule, value) => (!value || value === getFieldValue('userPassword') ? Promise.resolve() : Promise.reject(new Error(t('resetPassword.mismatch')))) }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

registerAction('resetPassword', (action, env) => {
  const call = fillCall(action.api as ScreenCall, env.context);
  const row = (env.context.row ?? {}) as Record<string, unknown>;
  env.open((close) => (
    <ResetPasswordDialog
      account={typeof row.account === 'string' ? row.account : undefined}
      onClose={close}
      send={async (body) => {
        const answer = await request({ url: call.url, method: call.method === 'GET' ? 'POST' : call.method, data: body });
        void message.success({ content: answer.msg || env.t('page.ok'), duration: 1.5 });
      }}
    />
  ));
});
