import { useEffect, useState } from 'react';
import { Button, Checkbox, Drawer, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.js';

/** The column settings drawer (320 px, spec 001 §2): which columns of this module the user sees. */
export interface ColumnSetting {
  prop: string;
  label: string;
  visible: boolean;
}

export function ColumnSettingsDrawer({ modelId, open, labels, onClose, onSaved }: { modelId: string; open: boolean; labels: Record<string, string>; onClose: () => void; onSaved: (settings: ColumnSetting[]) => void }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<ColumnSetting[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    void request<ColumnSetting[]>({ url: `/permission/Authority/GetColumnsByModuleId/${encodeURIComponent(modelId)}` }).then(({ data }) => setSettings(data));
  }, [open, modelId]);
  const save = async () => {
    setSaving(true);
    try {
      await request({ url: '/permission/Authority/SetColumnsByModuleId', method: 'PUT', data: { moduleId: modelId, fieldList: JSON.stringify(settings) } });
      onSaved(settings);
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer open={open} width={320} title={t('page.columnSettings')} onClose={onClose} footer={<Button type="primary" block loading={saving} onClick={() => void save()} data-testid="save-columns">{t('page.save')}</Button>}>
      <List
        dataSource={settings}
        renderItem={(item, index) => (
          <List.Item>
            <Checkbox checked={item.visible} onChange={(e) => setSettings(settings.map((s, i) => (i === index ? { ...s, visible: e.target.checked } : s)))} data-column={item.prop}>
              {labels[item.prop] ?? item.label}
            </Checkbox>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
