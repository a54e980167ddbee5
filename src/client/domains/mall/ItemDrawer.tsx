import { useEffect, useState } from 'react';
import { Button, Descriptions, Drawer, Grid, Space, Typography, message } from 'antd';
import { ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { mallApi, type MallItem } from './api.js';
import { ControlTag } from './ControlTag.js';
import { QuantityInput } from './QuantityInput.js';
import { money } from './status.js';

/**
 * One catalogue item in a drawer: its details (GET /mall/itemDetails/{id}, the search row until it answers), a
 * quantity, 加入购物车 and 立即购买.
 */
export function ItemDrawer({ item, onClose, onAdd, onBuy }: { item: MallItem | null; onClose: () => void; onAdd: (item: MallItem, quantity: number) => Promise<void>; onBuy: (item: MallItem, quantity: number) => Promise<void> }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().md === false;
  const [detail, setDetail] = useState<MallItem | null>(item);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState<'add' | 'buy' | null>(null);
  useEffect(() => {
    setDetail(item);
    setQuantity(1);
    if (!item) return;
    let cancelled = false;
    mallApi.item(item.id).then(
      (loaded) => !cancelled && setDetail({ ...item, ...loaded, controlType: loaded.controlType ?? item.controlType }),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [item]);
  const shown = detail ?? item;
  const run = async (kind: 'add' | 'buy') => {
    if (!shown) return;
    if (quantity > shown.stock) {
      void message.warning(t('mall.message.outOfStock'));
      return;
    }
    setBusy(kind);
    try {
      await (kind === 'add' ? onAdd : onBuy)(shown, quantity);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Drawer open={Boolean(item)} onClose={onClose} width={phone ? '100%' : 520} title={shown?.name} destroyOnClose data-testid="mall-item-drawer" className="lc-mall-item-drawer">
      {shown && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('mall.field.cas')}>{shown.cas ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('mall.field.itemCode')}>{shown.itemCode ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('mall.field.brand')}>{shown.brand ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('mall.field.spec')}>{shown.spec ?? '-'}</Descriptions.Item>
            {shown.model && <Descriptions.Item label={t('mall.field.model')}>{shown.model}</Descriptions.Item>}
            <Descriptions.Item label={t('mall.field.fineness')}>{shown.fineness ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('mall.field.unitName')}>{shown.unitName ?? '-'}</Descriptions.Item>
            {shown.supplierName && <Descriptions.Item label={t('mall.field.supplier')}>{shown.supplierName}</Descriptions.Item>}
            <Descriptions.Item label={t('mall.field.control')}>
              <ControlTag type={shown.controlType} />
            </Descriptions.Item>
            <Descriptions.Item label={t('mall.field.stock')}>{shown.stock}</Descriptions.Item>
            <Descriptions.Item label={t('mall.field.price')}>
              <Typography.Text strong type="danger">
                {money(shown.price)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Space wrap>
            <span>{t('mall.field.quantity')}</span>
            <QuantityInput value={quantity} onChange={setQuantity} />
          </Space>
          <Space wrap>
            <Button icon={<ShoppingCartOutlined />} loading={busy === 'add'} disabled={busy !== null || shown.stock <= 0} onClick={() => void run('add')} data-testid="mall-add-to-cart">
              {t('mall.action.addToCart')}
            </Button>
            <Button type="primary" danger icon={<ThunderboltOutlined />} loading={busy === 'buy'} disabled={busy !== null || shown.stock <= 0} onClick={() => void run('buy')} data-testid="mall-buy-now">
              {t('mall.action.buyNow')}
            </Button>
          </Space>
        </Space>
      )}
    </Drawer>
  );
}
