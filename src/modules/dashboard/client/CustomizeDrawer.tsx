import { useEffect, useState } from 'react';
import { Button, Drawer, List, Select, Space, Switch, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { MAX_QUICK_LINKS, type DashboardLayout } from '../../../shared/dashboardLayout.js';
import type { MenuItem } from '../../../shared/sessionInfo.js';
import { session } from '../../../kernel/client/stores/session.js';
import { quickLinkChoices } from './cards.js';

/**
 * Where a user shows, hides and orders the cards and picks the quick links. Nothing changes until Save; the
 * buttons move a card one place, which works the same with a mouse, a finger or the keyboard.
 */
export function CustomizeDrawer({ open, layout, onClose, onSave, onReset }: {
  open: boolean;
  layout: DashboardLayout;
  onClose: () => void;
  onSave: (layout: DashboardLayout) => Promise<void>;
  onReset: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { menuList } = useSnapshot(session);
  const [draft, setDraft] = useState(layout);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) setDraft(layout);
  }, [open, layout]);

  const move = (index: number, by: number) => {
    const cards = [...draft.cards];
    const [card] = cards.splice(index, 1);
    cards.splice(index + by, 0, card!);
    setDraft({ ...draft, cards });
  };
  const run = async (action: () => Promise<void>) => {
    setSaving(true);
    try {
      await action();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('dashboard.customizeTitle')}
      width={360}
      rootClassName="lc-dashboard-customize"
      footer={
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={() => void run(onReset)} disabled={saving} data-testid="dashboard-reset">{t('dashboard.reset')}</Button>
          <Button onClick={onClose}>{t('dashboard.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void run(() => onSave(draft))} data-testid="dashboard-save">{t('dashboard.save')}</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('dashboard.customizeHint')}</Typography.Paragraph>
      <List
        bordered
        size="small"
        dataSource={draft.cards}
        renderItem={(card, index) => (
          <List.Item data-testid={`customize-${card.id}`}>
            <Typography.Text style={{ flex: 1 }}>{t(`dashboard.cards.${card.id}`)}</Typography.Text>
            <Space size={4}>
              <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('dashboard.moveUp')} disabled={index === 0} onClick={() => move(index, -1)} />
              <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('dashboard.moveDown')} disabled={index === draft.cards.length - 1} onClick={() => move(index, 1)} />
              <Switch
                size="small"
                checked={card.visible}
                aria-label={`${t('dashboard.show')} ${t(`dashboard.cards.${card.id}`)}`}
                onChange={(visible) => setDraft({ ...draft, cards: draft.cards.map((c) => (c.id === card.id ? { ...c, visible } : c)) })}
              />
            </Space>
          </List.Item>
        )}
      />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 8 }}>{t('dashboard.quickLinksPick', { max: MAX_QUICK_LINKS })}</Typography.Paragraph>
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={draft.quickLinks}
        maxCount={MAX_QUICK_LINKS}
        optionFilterProp="label"
        options={quickLinkChoices(menuList as MenuItem[]).map((item) => ({ value: item.id, label: item.fullName }))}
        onChange={(quickLinks: string[]) => setDraft({ ...draft, quickLinks })}
      />
    </Drawer>
  );
}
