import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Checkbox, Empty, Grid, List, Popconfirm, Space, Spin, Table, Typography, message } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PageNodeProps } from '../../runtime/page/pageNodes.js';
import type { PageNodeSpec } from '../../runtime/page/screen.js';
import { mallApi, type CartRow } from './api.js';
import { refreshCartCount } from './cartBadge.js';
import { QuantityInput } from './QuantityInput.js';
import { money } from './status.js';
import { orderPath } from './paths.js';

/**
 * {type: 'mallCart'}: the cart (/bizData/bizcartdetail, spec 001 §2, §7 BizCartDetail): rows with a check box
 * (kept on the server, so the choice survives a reload), quantity steppers 1–9999, remove, select all, the total
 * of the chosen rows and 结算, which orders the chosen rows and opens the new order. The top bar's badge follows
 * every change.
 */
const QUANTITY_DELAY_MS = 400;

export function CartNode(_: PageNodeProps<PageNodeSpec>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = Grid.useBreakpoint().md === false;
  const [rows, setRows] = useState<CartRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const load = useCallback(async () => {
    try {
      setRows(await mallApi.cart());
    } catch {
      setRows((current) => current ?? []);
    }
    void refreshCartCount();
  }, []);
  useEffect(() => {
    void load();
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, [load]);

  const chosen = useMemo(() => (rows ?? []).filter((row) => row.selected), [rows]);
  const total = useMemo(() => chosen.reduce((sum, row) => sum + Math.round(row.price * 100) * row.quantity, 0) / 100, [chosen]);
  const allChosen = Boolean(rows?.length) && chosen.length === rows!.length;

  const select = async (ids: string[], selected: boolean) => {
    setRows((current) => current?.map((row) => (ids.includes(row.id) ? { ...row, selected } : row)) ?? null);
    try {
      await mallApi.select(ids, selected);
    } catch {
      await load();
    }
  };
  const setQuantity = (row: CartRow, quantity: number) => {
    setRows((current) => current?.map((r) => (r.id === row.id ? { ...r, quantity } : r)) ?? null);
    clearTimeout(timers.current.get(row.id));
    timers.current.set(
      row.id,
      setTimeout(() => {
        timers.current.delete(row.id);
        mallApi.setQuantity(row.id, quantity).then(() => refreshCartCount(), () => load());
      }, QUANTITY_DELAY_MS),
    );
  };
  const remove = async (ids: string[]) => {
    try {
      await mallApi.remove(ids);
      void message.success(t('mall.message.removed'));
    } finally {
      await load();
    }
  };
  const checkout = async () => {
    if (!chosen.length) {
      void message.warning(t('mall.message.nothingSelected'));
      return;
    }
    setBusy(true);
    try {
      // Quantities still waiting to be sent go first, so the order has what the screen shows.
      await Promise.all(
        [...timers.current.keys()].map((id) => {
          clearTimeout(timers.current.get(id));
          timers.current.delete(id);
          const row = rows?.find((r) => r.id === id);
          return row ? mallApi.setQuantity(id, row.quantity) : undefined;
        }),
      );
      const orderId = await mallApi.checkout(chosen.map((row) => row.id));
      void message.success(t('mall.message.ordered'));
      await refreshCartCount();
      navigate(orderId ? orderPath(orderId) : '/mall/orders');
    } catch {
      await load();
    } finally {
      setBusy(false);
    }
  };

  if (rows === null) return <div className="lc-page-loading-inline"><Spin /></div>;
  if (!rows.length) {
    return (
      <Empty description={t('mall.cart.empty')} data-testid="mall-cart-empty">
        <Button type="primary" onClick={() => navigate('/mall/search')}>
          {t('mall.cart.goShopping')}
        </Button>
      </Empty>
    );
  }

  const footer = (
    <div
      className="lc-mall-cart-footer"
      data-testid="mall-cart-footer"
      style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 8, marginTop: 12, padding: '8px 12px', background: 'var(--ant-color-bg-container, #fff)', borderRadius: 8 }}
    >
      <Space wrap>
        <Checkbox checked={allChosen} indeterminate={chosen.length > 0 && !allChosen} onChange={(event) => void select(rows.map((row) => row.id), event.target.checked)} data-testid="mall-cart-select-all">
          {t('mall.cart.selectAll')}
        </Checkbox>
        <Popconfirm title={t('mall.action.removeSelectedConfirm', { count: chosen.length })} disabled={!chosen.length} onConfirm={() => remove(chosen.map((row) => row.id))}>
          <Button type="link" danger disabled={!chosen.length} data-testid="mall-cart-remove-selected">
            {t('mall.action.removeSelected')}
          </Button>
        </Popconfirm>
      </Space>
      <Space wrap>
        <Typography.Text type="secondary">{t('mall.cart.selected', { count: chosen.length })}</Typography.Text>
        <span>
          {t('mall.cart.total')}：
          <Typography.Text strong type="danger" data-testid="mall-cart-total">
            {money(total)}
          </Typography.Text>
        </span>
        <Button type="primary" danger loading={busy} disabled={!chosen.length} onClick={() => void checkout()} data-testid="mall-cart-checkout">
          {t('mall.action.checkout')}
        </Button>
      </Space>
    </div>
  );

  const removeButton = (row: CartRow) => (
    <Popconfirm title={t('mall.action.removeConfirm')} onConfirm={() => remove([row.id])}>
      <Button type="link" danger size="small" icon={<DeleteOutlined />} data-action="remove">
        {phone ? undefined : t('mall.action.remove')}
      </Button>
    </Popconfirm>
  );

  return (
    <div className="lc-mall-cart" data-testid="mall-cart">
      {phone ? (
        <List
          dataSource={rows}
          rowKey="id"
          renderItem={(row) => (
            <Card size="small" className="lc-mall-cart-card" data-row={row.id} style={{ marginBottom: 8 }}>
              <Space align="start" style={{ width: '100%' }}>
                <Checkbox checked={row.selected} onChange={(event) => void select([row.id], event.target.checked)} />
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text strong>{row.name}</Typography.Text>
                  <div className="lc-mall-card-line">{[row.cas, row.brand, row.spec, row.fineness].filter(Boolean).join(' · ')}</div>
                  <Space style={{ marginTop: 8 }} wrap>
                    <Typography.Text type="danger">{money(row.price)}</Typography.Text>
                    <QuantityInput size="small" value={row.quantity} onChange={(quantity) => setQuantity(row, quantity)} />
                    {removeButton(row)}
                  </Space>
                </div>
              </Space>
            </Card>
          )}
        />
      ) : (
        <Table<CartRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          data-testid="mall-cart-table"
          rowSelection={{
            selectedRowKeys: chosen.map((row) => row.id),
            onSelect: (row, selected) => void select([row.id], selected),
            onSelectAll: (selected) => void select(rows.map((row) => row.id), selected),
          }}
          columns={[
            { title: t('mall.field.name'), dataIndex: 'name' },
            { title: t('mall.field.cas'), dataIndex: 'cas', width: 120 },
            { title: t('mall.field.brand'), dataIndex: 'brand', width: 120 },
            { title: t('mall.field.spec'), dataIndex: 'spec', width: 90 },
            { title: t('mall.field.fineness'), dataIndex: 'fineness', width: 130 },
            { title: t('mall.field.price'), dataIndex: 'price', width: 100, align: 'right', render: (price: number) => money(price) },
            { title: t('mall.field.quantity'), dataIndex: 'quantity', width: 130, render: (quantity: number, row) => <QuantityInput size="small" value={quantity} onChange={(next) => setQuantity(row, next)} /> },
            { title: t('mall.field.subtotal'), key: 'subtotal', width: 110, align: 'right', render: (_, row) => money((Math.round(row.price * 100) * row.quantity) / 100) },
            { title: '', key: 'actions', width: 90, render: (_, row) => removeButton(row) },
          ]}
        />
      )}
      {footer}
    </div>
  );
}
