import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Drawer, Empty, Grid, Input, List, Pagination, Popconfirm, Select, Space, Spin, Table, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageNode, type PageNodeProps } from '../../runtime/page/pageNodes.js';
import type { PageNodeSpec } from '../../runtime/page/screen.js';
import { mallApi, type OrderRow } from './api.js';
import { onOrdersChanged } from './events.js';
import { ListOrderStatus, OrderStatusTag } from './OrderStatusTags.js';
import { cancellable, dateTime, money, ORDER_STATUSES, orderStatusLabel } from './status.js';

/**
 * {type: 'mallOrders', detail, pageSize?}: the caller's orders (procurement: everyone's — the server scopes the
 * list), newest first, with the status label and the list order status of spec 001 §4, 取消订单 while allowed, and
 * the order's detail (the mallOrderDetail node) in a drawer, opened by ?prStr=<id> in the address too.
 */
export interface OrdersSpec extends PageNodeSpec {
  /** {screen: 'mall/orderDetail'}: the screen the /orderDetail?prStr= route shows, named so the server serves it to whoever opens the orders. */
  orderDetail?: { screen: string };
  pageSize?: number;
}

export function OrdersNode({ node, scope }: PageNodeProps<OrdersSpec>) {
  const { t, i18n } = useTranslation();
  const phone = Grid.useBreakpoint().md === false;
  const [params] = useSearchParams();
  const pageSize = node.pageSize ?? 20;
  const [query, setQuery] = useState<{ currentPage: number; pageSize: number; keyword?: string; status?: number }>({ currentPage: 1, pageSize });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<{ list: OrderRow[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPage(await mallApi.orders(query));
    } catch {
      setPage((current) => current ?? { list: [], total: 0 });
    } finally {
      setLoading(false);
    }
  }, [query]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => onOrdersChanged(() => void load()), [load]);

  // The drawer is this screen's own state: changing the address would open another workspace tab.
  const [openId, open] = useState<string | null>(params.get('prStr'));
  useEffect(() => open(params.get('prStr')), [params]);
  const cancel = async (order: OrderRow) => {
    try {
      await mallApi.cancel(order.id);
      void message.success(t('mall.message.cancelled'));
    } catch {
      // The request layer has shown why.
    }
    await load();
  };
  const cancelButton = (order: OrderRow) =>
    cancellable(order.status) && (
      <Popconfirm title={t('mall.action.cancelConfirm', { orderNo: order.orderNo })} onConfirm={() => cancel(order)}>
        <Button type="link" size="small" danger data-action="cancel">
          {t('mall.action.cancelOrder')}
        </Button>
      </Popconfirm>
    );

  return (
    <div className="lc-mall-orders" data-testid="mall-orders">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('mall.order.keyword')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => setQuery((current) => ({ ...current, currentPage: 1, keyword: value.trim() || undefined }))}
          style={{ width: phone ? '100%' : 280 }}
          data-testid="mall-orders-keyword"
        />
        <Select
          allowClear
          placeholder={t('mall.order.status')}
          style={{ width: 160 }}
          value={query.status}
          onChange={(status?: number) => setQuery((current) => ({ ...current, currentPage: 1, status }))}
          options={ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status, i18n.language) }))}
          data-testid="mall-orders-status"
        />
      </Space>
      <Spin spinning={loading && page !== null}>
        {page === null ? (
          <div className="lc-page-loading-inline"><Spin /></div>
        ) : !page.list.length ? (
          <Empty description={t('mall.order.empty')} />
        ) : phone ? (
          <List
            dataSource={page.list}
            rowKey="id"
            data-testid="mall-orders-list"
            renderItem={(order) => (
              <Card size="small" style={{ marginBottom: 8 }} data-row={order.id} onClick={() => open(order.id)} hoverable>
                <Space direction="vertical" size={4} style={{ width: '100%' }}>
                  <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                    <Typography.Link>{order.orderNo}</Typography.Link>
                    <OrderStatusTag status={order.status} />
                  </Space>
                  <Typography.Text type="secondary">{dateTime(order.createdAt)}</Typography.Text>
                  <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                    <Typography.Text strong type="danger">{money(order.totalAmount)}</Typography.Text>
                    <span onClick={(event) => event.stopPropagation()}>{cancelButton(order)}</span>
                  </Space>
                </Space>
              </Card>
            )}
          />
        ) : (
          <Table<OrderRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={page.list}
            data-testid="mall-orders-table"
            columns={[
              { title: t('mall.order.orderNo'), dataIndex: 'orderNo', render: (orderNo: string, order) => <Typography.Link onClick={() => open(order.id)} data-action="open">{orderNo}</Typography.Link> },
              { title: t('mall.order.createdAt'), dataIndex: 'createdAt', width: 170, render: (value: unknown) => dateTime(value) },
              ...(page.list.some((order) => order.userName) ? [{ title: t('mall.order.user'), dataIndex: 'userName', width: 110 }] : []),
              ...(page.list.some((order) => order.itemCount !== undefined) ? [{ title: t('mall.order.itemCount'), dataIndex: 'itemCount', width: 80, align: 'right' as const }] : []),
              { title: t('mall.order.totalAmount'), dataIndex: 'totalAmount', width: 120, align: 'right', render: (value: number) => money(value) },
              { title: t('mall.order.status'), dataIndex: 'status', width: 130, render: (status: number) => <OrderStatusTag status={status} /> },
              { title: t('mall.order.listStatus'), key: 'listStatus', width: 100, render: (_, order) => <ListOrderStatus approvalStatus={order.approvalStatus} secondStatus={order.secondStatus} /> },
              {
                title: '',
                key: 'actions',
                width: 170,
                render: (_, order) => (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => open(order.id)} data-action="detail">
                      {t('mall.action.detail')}
                    </Button>
                    {cancelButton(order)}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Spin>
      {page && page.total > query.pageSize && (
        <Pagination style={{ marginTop: 12 }} size="small" current={query.currentPage} pageSize={query.pageSize} total={page.total} showSizeChanger={false} onChange={(currentPage) => setQuery((current) => ({ ...current, currentPage }))} />
      )}
      <Drawer open={Boolean(openId)} onClose={() => open(null)} width={phone ? '100%' : 900} title={t('mall.order.detail')} destroyOnClose data-testid="mall-order-drawer">
        {openId && <PageNode node={{ type: 'mallOrderDetail' }} scope={{ ...scope, context: { ...scope.context, id: openId } }} />}
      </Drawer>
    </div>
  );
}
