import { useCallback, useEffect, useState } from 'react';
import { Button, Descriptions, Grid, List, Popconfirm, Result, Space, Spin, Table, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PageNodeProps } from '../../runtime/page/pageNodes.js';
import type { PageNodeSpec } from '../../runtime/page/screen.js';
import { mallApi, type OrderDetail, type OrderItem } from './api.js';
import { announceOrdersChanged } from './events.js';
import { ListOrderStatus, OrderStatusTag } from './OrderStatusTags.js';
import { cancellable, dateTime, money } from './status.js';

/**
 * {type: 'mallOrderDetail'}: one order (GET /mall/order/{id}) — its number, status, list status, totals and items —
 * with 取消订单 while the order may still be cancelled. The order is the context's id, else ?prStr= in the address
 * (the spec's /orderDetail?prStr=<id>).
 */
export function OrderDetailNode({ scope }: PageNodeProps<PageNodeSpec>) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().md === false;
  const [params] = useSearchParams();
  const id = String(scope.context.id ?? params.get('prStr') ?? '');
  const [state, setState] = useState<{ status: 'loading' } | { status: 'missing' } | { status: 'ready'; order: OrderDetail }>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!id) {
      setState({ status: 'missing' });
      return;
    }
    setState((current) => (current.status === 'ready' && current.order.id === id ? current : { status: 'loading' }));
    try {
      setState({ status: 'ready', order: await mallApi.order(id) });
    } catch {
      setState({ status: 'missing' });
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'loading') return <div className="lc-page-loading-inline"><Spin /></div>;
  if (state.status === 'missing') return (
      <div data-testid="mall-order-missing">
        <Result status="404" subTitle={t('mall.order.notFound')} />
      </div>
    );
  const { order } = state;
  const cancel = async () => {
    setBusy(true);
    try {
      await mallApi.cancel(order.id);
      void message.success(t('mall.message.cancelled'));
      announceOrdersChanged();
      await load();
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(false);
    }
  };
  const subtotal = (item: OrderItem) => money((Math.round(item.price * 100) * item.quantity) / 100);

  return (
    <div className="lc-mall-order-detail" data-testid="mall-order-detail" data-order={order.id}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Descriptions size="small" bordered column={phone ? 1 : 2}>
          <Descriptions.Item label={t('mall.order.orderNo')}>
            <span data-testid="mall-order-no">{order.orderNo}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('mall.order.status')}>
            <OrderStatusTag status={order.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('mall.order.createdAt')}>{dateTime(order.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('mall.order.listStatus')}>
            <ListOrderStatus approvalStatus={order.approvalStatus} secondStatus={order.secondStatus} />
          </Descriptions.Item>
          {order.userName && <Descriptions.Item label={t('mall.order.user')}>{order.userName}</Descriptions.Item>}
          <Descriptions.Item label={t('mall.order.totalAmount')}>
            <Typography.Text strong type="danger" data-testid="mall-order-total">
              {money(order.totalAmount)}
            </Typography.Text>
          </Descriptions.Item>
          {order.address && <Descriptions.Item label={t('mall.order.address')}>{order.address}</Descriptions.Item>}
          {order.remarks && <Descriptions.Item label={t('mall.order.remarks')}>{order.remarks}</Descriptions.Item>}
        </Descriptions>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('mall.order.items')}
        </Typography.Title>
        {phone ? (
          <List
            size="small"
            bordered
            dataSource={order.items}
            rowKey="id"
            data-testid="mall-order-items"
            renderItem={(item) => (
              <List.Item>
                <List.Item.Meta title={item.name} description={[item.cas, item.brand, item.spec].filter(Boolean).join(' · ')} />
                <div style={{ textAlign: 'right' }}>
                  <div>{money(item.price)} × {item.quantity}</div>
                  <Typography.Text strong>{subtotal(item)}</Typography.Text>
                </div>
              </List.Item>
            )}
          />
        ) : (
          <Table<OrderItem>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={order.items}
            data-testid="mall-order-items"
            columns={[
              { title: t('mall.field.name'), dataIndex: 'name' },
              { title: t('mall.field.cas'), dataIndex: 'cas', width: 120 },
              { title: t('mall.field.brand'), dataIndex: 'brand', width: 120 },
              { title: t('mall.field.spec'), dataIndex: 'spec', width: 90 },
              { title: t('mall.field.unitName'), dataIndex: 'unitName', width: 70 },
              { title: t('mall.field.price'), dataIndex: 'price', width: 100, align: 'right', render: (price: number) => money(price) },
              { title: t('mall.field.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
              { title: t('mall.field.subtotal'), key: 'subtotal', width: 110, align: 'right', render: (_, item) => subtotal(item) },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={7} align="right">
                  {t('mall.cart.total')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong type="danger">{money(order.totalAmount)}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        )}
        {cancellable(order.status) && (
          <Popconfirm title={t('mall.action.cancelConfirm', { orderNo: order.orderNo })} onConfirm={cancel}>
            <Button danger loading={busy} data-testid="mall-order-cancel">
              {t('mall.action.cancelOrder')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </div>
  );
}
