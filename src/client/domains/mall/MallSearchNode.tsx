import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Grid, Input, Pagination, Row, Segmented, Space, Spin, Table, Typography, message } from 'antd';
import { AppstoreOutlined, ShoppingCartOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PageNodeProps } from '../../runtime/page/pageNodes.js';
import type { PageNodeSpec } from '../../runtime/page/screen.js';
import { mallApi, type ControlType, type MallItem, type SearchQuery } from './api.js';
import { refreshCartCount } from './cartBadge.js';
import { ControlTag } from './ControlTag.js';
import { ItemDrawer } from './ItemDrawer.js';
import { money, searchIntent } from './status.js';
import { orderPath } from './paths.js';

/**
 * {type: 'mallSearch', pageSize?}: the reagent search (spec 001 §1, §7 itemListByCas). A CAS number is checked
 * here first (src/shared/casNumber.ts): a malformed one or a wrong check digit says so and sends nothing; the server
 * checks again. Other text searches names and keywords. Results show as cards or a table, each with its control
 * tag (getReagentControl), details in a drawer, 加入购物车 and 立即购买 (which lands on the new order).
 */
export interface MallSearchSpec extends PageNodeSpec {
  pageSize?: number;
}

export function MallSearchNode({ node }: PageNodeProps<MallSearchSpec>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const pageSize = node.pageSize ?? 20;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const [result, setResult] = useState<{ list: MallItem[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [view, setView] = useState<'cards' | 'table' | null>(null);
  const [control, setControl] = useState<Record<string, ControlType>>({});
  const [open, setOpen] = useState<MallItem | null>(null);
  const shownView = view ?? (phone ? 'cards' : 'table');

  useEffect(() => {
    if (!query) return;
    let cancelled = false;
    setLoading(true);
    mallApi.search(query).then(
      (page) => {
        if (cancelled) return;
        setResult(page);
        const unknown = [...new Set(page.list.filter((item) => !item.controlType && item.cas).map((item) => item.cas!))];
        mallApi.control(unknown).then((answer) => !cancelled && setControl((known) => ({ ...known, ...answer })), () => undefined);
      },
      () => !cancelled && setResult({ list: [], total: 0 }),
    ).finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [query]);

  const submit = useCallback(
    (value: string) => {
      const intent = searchIntent(value);
      if (intent.kind === 'invalid') {
        setProblem(t(intent.reason === 'checkDigit' ? 'mall.search.casCheckDigit' : 'mall.search.casFormat'));
        return;
      }
      setProblem(null);
      if (intent.kind === 'empty') return;
      setQuery(intent.kind === 'cas' ? { cas: intent.cas, currentPage: 1, pageSize } : { keyword: intent.keyword, currentPage: 1, pageSize });
    },
    [pageSize, t],
  );

  const items = useMemo(() => (result?.list ?? []).map((item) => ({ ...item, controlType: item.controlType ?? (item.cas ? control[item.cas] : undefined) })), [result, control]);

  const addToCart = async (item: MallItem, quantity: number) => {
    await mallApi.putCart(item.id, quantity);
    void message.success(t('mall.message.added'));
    await refreshCartCount();
  };
  const buyNow = async (item: MallItem, quantity: number) => {
    const orderId = await mallApi.buyNow(item.id, quantity);
    void message.success(t('mall.message.ordered'));
    await refreshCartCount();
    setOpen(null);
    navigate(orderId ? orderPath(orderId) : '/mall/orders');
  };

  const columns = [
    { title: t('mall.field.cas'), dataIndex: 'cas', width: 120, render: (cas?: string) => cas ?? '-' },
    { title: t('mall.field.name'), dataIndex: 'name', render: (name: string, item: MallItem) => <Typography.Link onClick={() => setOpen(item)}>{name}</Typography.Link> },
    { title: t('mall.field.brand'), dataIndex: 'brand', width: 110 },
    { title: t('mall.field.spec'), dataIndex: 'spec', width: 90 },
    { title: t('mall.field.fineness'), dataIndex: 'fineness', width: 130 },
    { title: t('mall.field.price'), dataIndex: 'price', width: 100, align: 'right' as const, render: (price: number) => money(price) },
    { title: t('mall.field.stock'), dataIndex: 'stock', width: 80, align: 'right' as const },
    { title: t('mall.field.control'), dataIndex: 'controlType', width: 100, render: (type?: ControlType) => <ControlTag type={type} /> },
    {
      title: '',
      key: 'actions',
      width: 190,
      render: (_: unknown, item: MallItem) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setOpen(item)} data-action="detail">
            {t('mall.action.detail')}
          </Button>
          <Button type="link" size="small" icon={<ShoppingCartOutlined />} disabled={item.stock <= 0} onClick={() => void addToCart(item, 1).catch(() => undefined)} data-action="addToCart">
            {t('mall.action.addToCart')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="lc-mall-search" data-testid="mall-search">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Row gutter={[8, 8]} align="middle">
          <Col flex="auto" style={{ maxWidth: 640 }} data-testid="mall-search-input">
            <Input.Search
              allowClear
              enterButton={t('mall.search.button')}
              placeholder={t('mall.search.placeholder')}
              value={text}
              status={problem ? 'error' : undefined}
              onChange={(event) => {
                setText(event.target.value);
                if (problem) setProblem(null);
              }}
              onSearch={submit}
            />
          </Col>
          <Col>
            <Segmented
              value={shownView}
              onChange={(value) => setView(value as 'cards' | 'table')}
              options={[
                { value: 'cards', icon: <AppstoreOutlined />, label: phone ? undefined : t('mall.search.cards') },
                { value: 'table', icon: <UnorderedListOutlined />, label: phone ? undefined : t('mall.search.table') },
              ]}
              data-testid="mall-view-switch"
            />
          </Col>
        </Row>
        {problem && <Alert type="error" showIcon message={problem} data-testid="mall-search-problem" />}
        {query && !problem && (
          <Typography.Text type="secondary" data-testid="mall-search-summary">
            {query.cas ? t('mall.search.byCas', { cas: query.cas }) : t('mall.search.byKeyword', { keyword: query.keyword })}
            {result && !loading ? ` · ${t('mall.search.total', { total: result.total })}` : ''}
          </Typography.Text>
        )}
        <Spin spinning={loading}>
          {!query ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mall.search.hint')} />
          ) : items.length === 0 && !loading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mall.search.empty')} data-testid="mall-search-empty" />
          ) : shownView === 'table' ? (
            <Table<MallItem> rowKey="id" size="small" columns={columns} dataSource={items} pagination={false} scroll={{ x: 1040 }} data-testid="mall-results-table" />
          ) : (
            <Row gutter={[12, 12]} data-testid="mall-results-cards">
              {items.map((item) => (
                <Col key={item.id} xs={24} sm={12} lg={8} xxl={6}>
                  <Card
                    size="small"
                    hoverable
                    data-item={item.id}
                    title={
                      <Space size={4} wrap>
                        <span>{item.name}</span>
                        <ControlTag type={item.controlType} />
                      </Space>
                    }
                    onClick={() => setOpen(item)}
                    actions={[
                      <Button key="add" type="link" size="small" icon={<ShoppingCartOutlined />} disabled={item.stock <= 0} onClick={(event) => { event.stopPropagation(); void addToCart(item, 1).catch(() => undefined); }} data-action="addToCart">
                        {t('mall.action.addToCart')}
                      </Button>,
                    ]}
                  >
                    <div className="lc-mall-card-line">{t('mall.field.cas')}：{item.cas ?? '-'}</div>
                    <div className="lc-mall-card-line">{[item.brand, item.spec, item.fineness].filter(Boolean).join(' · ')}</div>
                    <div className="lc-mall-card-line">
                      <Typography.Text strong type="danger">{money(item.price)}</Typography.Text>
                      <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                        {t('mall.field.stock')} {item.stock}
                      </Typography.Text>
                    </div>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
        </Spin>
        {query && result && result.total > query.pageSize && (
          <Pagination size="small" current={query.currentPage} pageSize={query.pageSize} total={result.total} showSizeChanger={false} onChange={(page) => setQuery({ ...query, currentPage: page })} />
        )}
      </Space>
      <ItemDrawer item={open} onClose={() => setOpen(null)} onAdd={addToCart} onBuy={buyNow} />
    </div>
  );
}
