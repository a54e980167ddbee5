import { useEffect, useState } from 'react';
import { Alert, Button, Select, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../../kernel/client/api/request.js';

interface UserOption {
  id: string;
  account: string;
  realName: string;
}

/** The administrators tab: who they are (getAdminList) and choosing them (setAdminList, an administrator's alone). */
export function AdministratorsNode() {
  const { t } = useTranslation();
  const [users, setUsers] = useState<UserOption[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    request<UserOption[]>({ url: '/system/SysConfig/getAdminList' }).then(({ data }) => setChosen(data.map((u) => u.id)), () => undefined);
    request<{ list: UserOption[] }>({ url: '/permission/Users', data: { pageSize: 1000, currentPage: 1 } }).then(({ data }) => setUsers(data.list ?? []), () => undefined);
  }, []);
  const save = async () => {
    setSaving(true);
    try {
      const answer = await request({ url: '/system/SysConfig/setAdminList', method: 'PUT', data: { adminIds: chosen } });
      void message.success({ content: answer.msg, duration: 1.5 });
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 640 }} data-testid="administrators">
      <Alert type="info" showIcon message={t('msgCenter.adminsHint')} />
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={chosen}
        onChange={setChosen}
        optionFilterProp="label"
        aria-label={t('msgCenter.admins')}
        options={users.map((u) => ({ value: u.id, label: `${u.realName}/${u.account}` }))}
      />
      <Button type="primary" loading={saving} onClick={() => void save()}>{t('msgCenter.save')}</Button>
    </Space>
  );
}
