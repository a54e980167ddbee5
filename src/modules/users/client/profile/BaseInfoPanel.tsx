import { useEffect, useState } from 'react';
import { Button, Descriptions, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_LENGTH } from '../../../../shared/constants.js';
import { checkRule, type RuleName } from '../../../../shared/validation/rules.js';
import type { Language } from '../../../../shared/language.js';
import { updateBaseInfo, type BaseInfo } from '../../../../kernel/client/api/currentUserApi.js';
import { formatDate } from '../../../../shared/format/dateFormat.js';
import { session } from '../../../../kernel/client/stores/session.js';

type Editable = Pick<BaseInfo, 'realName' | 'gender' | 'mobilePhone' | 'email' | 'signature'>;

/** Base information: what the organisation set (read only) and what the user may change about themself. */
export function BaseInfoPanel({ info, onSaved }: { info: BaseInfo | null; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Editable>();
  // The shared rules of spec 000 §5, with their messages in the current language.
  const rule = (name: RuleName) => ({
    validator: async (_: unknown, value: unknown) => {
      const problem = checkRule(name, value, i18n.language as Language);
      if (problem) throw new Error(problem);
    },
  });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (info) form.setFieldsValue({ realName: info.realName, gender: info.gender, mobilePhone: info.mobilePhone, email: info.email, signature: info.signature });
  }, [info, form]);
  if (!info) return null;

  const save = async (values: Editable) => {
    setSaving(true);
    try {
      await updateBaseInfo(values);
      if (session.userInfo) session.userInfo.userName = values.realName;
      onSaved();
    } catch {
      // the toast said why; the button comes back
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="lc-profile-base">
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered className="lc-profile-facts">
        <Descriptions.Item label={t('home.account')}>{info.account}</Descriptions.Item>
        <Descriptions.Item label={t('profile.organize')}>{info.organizeName}</Descriptions.Item>
        <Descriptions.Item label={t('home.position')}>{info.positionName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.roles')}>{info.roleName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('profile.createdAt')}>{formatDate(info.creatorTime)}</Descriptions.Item>
        <Descriptions.Item label={t('home.lastLogin')}>{info.prevLoginTime ? formatDate(info.prevLoginTime) : t('home.never')}</Descriptions.Item>
      </Descriptions>
      <Form<Editable> form={form} layout="vertical" onFinish={save} className="lc-profile-form" data-testid="base-info-form">
        <Form.Item name="realName" label={t('profile.realName')} rules={[{ required: true, whitespace: true, message: t('profile.realNameRequired') }, { max: NAME_MAX_LENGTH, message: t('profile.tooLong', { n: NAME_MAX_LENGTH }) }]}>
          <Input />
        </Form.Item>
        <Form.Item name="gender" label={t('profile.gender')}>
          <Radio.Group options={[{ value: 1, label: t('profile.male') }, { value: 2, label: t('profile.female') }, { value: 3, label: t('profile.secret') }]} />
        </Form.Item>
        <Form.Item name="mobilePhone" label={t('profile.mobile')} rules={[rule('mobile')]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="email" label={t('profile.email')} rules={[rule('email'), { max: 100, message: t('profile.tooLong', { n: 100 }) }]}>
          <Input />
        </Form.Item>
        <Form.Item name="signature" label={t('profile.signature')} rules={[{ max: 500, message: t('profile.tooLong', { n: 500 }) }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="base-info-save">
          {t('page.save')}
        </Button>
      </Form>
    </div>
  );
}
