import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, Input, Modal, Space, Spin, Switch, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { hashPasswordForTransport } from '../../../shared/passwordHash.js';
import { request } from '../../../kernel/client/api/request.js';

/**
 * 表单外链配置 (JNPF's ShortLinkDialog), from a design's row in 功能设计: turn filling by link on, see, open and copy
 * the link once saved, ask a password first, end the link at a moment. The password travels as its MD5, like every
 * password; left empty it keeps the one set before.
 */
interface Settings {
  formUse: number;
  formPassUse: number;
  hasPassword: boolean;
  formLink: string;
  expiryTime: number | null;
  alreadySave: boolean;
}

export function ShortLinkDialog({ id, name, onClose }: { id: string; name: string; onClose(): void }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [formUse, setFormUse] = useState(false);
  const [passUse, setPassUse] = useState(false);
  const [password, setPassword] = useState('');
  const [expiry, setExpiry] = useState<Dayjs | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    request<Settings>({ url: `/visualdev/ShortLink/${encodeURIComponent(id)}` }).then(
      ({ data }) => {
        setSettings(data);
        setFormUse(data.formUse === 1);
        setPassUse(data.formPassUse === 1);
        setExpiry(data.expiryTime ? dayjs(data.expiryTime) : null);
      },
      () => onClose(),
    );
  }, [id, onClose]);

  const address = settings?.formLink ? `${window.location.origin}${settings.formLink}` : '';
  const save = async () => {
    setSaving(true);
    try {
      const { data } = await request<{ formLink: string }>({
        url: '/visualdev/ShortLink',
        method: 'PUT',
        data: { id, formUse: formUse ? 1 : 0, formPassUse: passUse ? 1 : 0, formPassword: password ? hashPasswordForTransport(password) : '', expiryTime: expiry ? expiry.valueOf() : null },
      });
      setSettings((current) => current && { ...current, formUse: formUse ? 1 : 0, formLink: data.formLink, alreadySave: true, hasPassword: current.hasPassword || Boolean(password) });
      setPassword('');
      void message.success(t('shortLink.settings.saved'));
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };
  const copy = async () => {
    await navigator.clipboard.writeText(address).then(
      () => void message.success(t('shortLink.settings.copied')),
      () => undefined,
    );
  };

  return (
    <Modal open title={`${t('shortLink.settings.title')} · ${name}`} width={800} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText={t('page.ok')} cancelText={t('page.cancel')} destroyOnHidden maskClosable={false} data-testid="short-link-settings">
      {!settings ? (
        <Spin />
      ) : (
        <Form layout="horizontal" labelCol={{ flex: '110px' }} className="lc-short-link-settings">
          <Form.Item label={t('shortLink.settings.formUse')} extra={t('shortLink.settings.formUseHint')}>
            <Switch checked={formUse} onChange={setFormUse} data-testid="short-link-form-use" />
          </Form.Item>
          {formUse ? (
            <>
              <Form.Item label={t('shortLink.settings.formLink')}>
                <Space.Compact style={{ width: '100%' }}>
                  <Input readOnly value={settings.alreadySave && settings.formUse === 1 ? address : ''} placeholder={t('shortLink.settings.saveFirst')} data-testid="short-link-address" />
                  <Button disabled={!address || settings.formUse !== 1} onClick={() => window.open(address, '_blank', 'noopener,noreferrer')}>
                    {t('shortLink.settings.open')}
                  </Button>
                  <Button type="primary" disabled={!address || settings.formUse !== 1} onClick={() => void copy()}>
                    {t('shortLink.settings.copy')}
                  </Button>
                </Space.Compact>
              </Form.Item>
              <Form.Item label={t('shortLink.settings.passUse')}>
                <Space wrap>
                  <Switch checked={passUse} onChange={setPassUse} data-testid="short-link-pass-use" />
                  {passUse ? (
                    <Input.Password value={password} onChange={(event) => setPassword(event.target.value)} maxLength={20} style={{ width: 220 }} placeholder={settings.hasPassword ? t('shortLink.settings.passwordKept') : t('shortLink.settings.password')} autoComplete="new-password" data-testid="short-link-password-input" />
                  ) : null}
                </Space>
              </Form.Item>
              <Form.Item label={t('shortLink.settings.expiry')}>
                <Space wrap>
                  <DatePicker showTime value={expiry} onChange={setExpiry} placeholder={t('shortLink.settings.noExpiry')} disabledDate={(day) => day.isBefore(dayjs(), 'day')} data-testid="short-link-expiry" />
                  {!expiry ? <Typography.Text type="secondary">{t('shortLink.settings.noExpiry')}</Typography.Text> : null}
                </Space>
              </Form.Item>
            </>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}
