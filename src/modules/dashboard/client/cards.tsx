import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Divider, List, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import dayjs from 'dayjs';
import type { DashboardCardId } from '../../../shared/dashboardLayout.js';
import { openableEntries } from '../../../shared/shell/menuTarget.js';
import type { MenuItem } from '../../../shared/sessionInfo.js';
import { request } from '../../../kernel/client/api/request.js';
import { MenuIcon } from '../../../kernel/client/app/shell/menuIcon.js';
import { useOpenMenuItem } from '../../../kernel/client/app/shell/useOpenMenuItem.js';
import { MessageViewer } from '../../message/client/public.js';
import { refreshUnread, unread } from '../../message/client/public.js';
import { session } from '../../../kernel/client/stores/session.js';
import { CardBody } from './CardBody.js';
import { useCardData } from './useCardData.js';

/**
 * The portal's cards. Each loads its own data quietly (no error toast, no page mask): a card that cannot load
 * says so in place and the others carry on.
 */
const when = (ms: number | null | undefined) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '');
const QUICK_LINKS_DEFAULT = 8;

interface Paged<T> {
  list: T[];
  pagination?: { total: number };
}

interface FlowTask {
  id: string;
  /** The flow's id, which /workFlowDetail opens; `id` is the to-do (the operator entry). */
  taskId: string;
  fullName: string;
  flowName: string;
  startTime: number | null;
  flowUrgent: number | null;
  status: number;
}

/** The workflow's own to-do list (JNPF's 待办事宜, FlowBefore/List/1); a 404 (no workflow module) shows as unavailable. */
function FlowTodoCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useCardData(async () => (await request<Paged<FlowTask>>({ url: '/workflow/Engine/FlowBefore/List/1', method: 'GET', params: { currentPage: 1, pageSize: 5 }, silent: true })).data);
  return (
    <CardBody data={data} testId="card-flowTodo" missing={t('dashboard.flowUnavailable')} empty={t('dashboard.flowEmpty')} isEmpty={(d) => !d?.list?.length}>
      {(d) => (
        <List
          size="small"
          dataSource={d.list}
          renderItem={(task) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate(`/workFlowDetail?id=${encodeURIComponent(task.taskId)}`)}>
              <List.Item.Meta title={<Typography.Text ellipsis>{task.fullName}</Typography.Text>} description={`${task.flowName} · ${when(task.startTime)}`} />
              {task.flowUrgent && task.flowUrgent > 1 ? <Tag color={task.flowUrgent === 3 ? 'red' : 'orange'}>{t(`dashboard.urgency.${task.flowUrgent}`)}</Tag> : null}
            </List.Item>
          )}
        />
      )}
    </CardBody>
  );
}

interface NoticeRow {
  id: string;
  fullName: string;
  isRead: number;
  releaseUser: string;
  releaseTime: number | null;
}

function NoticeCard() {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const data = useCardData(async () => (await request<{ list: NoticeRow[] }>({ url: '/visualdev/Dashboard/Notice', method: 'POST', data: { typeList: [] }, silent: true })).data.list, [round]);
  return (
    <>
      <CardBody data={data} testId="card-notice" empty={t('dashboard.noNotices')} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <List
            size="small"
            dataSource={list}
            renderItem={(n) => (
              <List.Item style={{ cursor: 'pointer' }} onClick={() => setViewing(n.id)} data-testid="dashboard-notice">
                <Typography.Text strong={!n.isRead} ellipsis style={{ flex: 1 }}>{n.fullName}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8, whiteSpace: 'nowrap' }}>{when(n.releaseTime).slice(0, 10)}</Typography.Text>
              </List.Item>
            )}
          />
        )}
      </CardBody>
      {viewing ? (
        <MessageViewer
          id={viewing}
          onClose={() => {
            setViewing(null);
            setRound((r) => r + 1);
            void refreshUnread();
          }}
        />
      ) : null}
    </>
  );
}

interface MailRow {
  id: string;
  fullName: string;
  senderName: string;
  creatorTime: number | null;
}

function UnreadCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { total } = useSnapshot(unread);
  const mail = useCardData(async () => {
    void refreshUnread();
    return (await request<{ list: MailRow[] }>({ url: '/visualdev/Dashboard/Email', method: 'GET', silent: true })).data.list;
  });
  return (
    <>
      <Button type="link" style={{ paddingInline: 0 }} onClick={() => navigate('/messageRecord')} data-testid="dashboard-unread-messages">
        {total ? t('dashboard.unreadMessages', { count: total }) : t('dashboard.noMessages')}
      </Button>
      <Divider orientation="left" plain style={{ margin: '8px 0' }}>{t('dashboard.unreadMail')}</Divider>
      <CardBody data={mail} testId="card-unread" empty={t('dashboard.noUnreadMail')} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <List
            size="small"
            dataSource={list.slice(0, 5)}
            renderItem={(m) => (
              <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate(`/emailDetail?id=${encodeURIComponent(m.id)}`)} data-testid="dashboard-mail">
                <List.Item.Meta title={<Typography.Text strong ellipsis>{m.fullName}</Typography.Text>} description={`${m.senderName} · ${when(m.creatorTime)}`} />
              </List.Item>
            )}
          />
        )}
      </CardBody>
    </>
  );
}

interface OrderRow {
  id: string;
  orderNo: string;
  statusLabel: string;
  totalAmount: string | number;
  creatorTime: number;
}

interface RequisitionRow {
  id: string;
  billNo: string;
  approvalStatusName: string;
  projectName: string;
  applicationDate: number;
}

function OrdersCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(session);
  const page = { currentPage: 1, pageSize: 5 };
  const orders = useCardData(async () => (await request<Paged<OrderRow>>({ url: '/mall/order/list', method: 'POST', data: { ...page, userId: userInfo?.userId }, silent: true })).data.list, [userInfo?.userId]);
  const requisitions = useCardData(async () => (await request<Paged<RequisitionRow>>({ url: '/example/BizMatApply/getList', method: 'POST', data: page, silent: true })).data.list);
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'orders',
          label: t('dashboard.orders'),
          children: (
            <CardBody data={orders} testId="card-orders" empty={t('dashboard.noOrders')} isEmpty={(list) => list.length === 0}>
              {(list) => (
                <List
                  size="small"
                  dataSource={list}
                  renderItem={(o) => (
                    <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate(`/orderDetail?prStr=${encodeURIComponent(o.id)}`)}>
                      <Typography.Text ellipsis style={{ flex: 1 }}>{o.orderNo}</Typography.Text>
                      <Tag>{o.statusLabel}</Tag>
                      <Typography.Text type="secondary">{when(o.creatorTime).slice(0, 10)}</Typography.Text>
                    </List.Item>
                  )}
                />
              )}
            </CardBody>
          ),
        },
        {
          key: 'requisitions',
          label: t('dashboard.requisitions'),
          children: (
            <CardBody data={requisitions} testId="card-requisitions" empty={t('dashboard.noRequisitions')} isEmpty={(list) => list.length === 0}>
              {(list) => (
                <List
                  size="small"
                  dataSource={list}
                  renderItem={(r) => (
                    <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate('/bizData/bizmatapply')}>
                      <Typography.Text ellipsis style={{ flex: 1 }}>{r.billNo} {r.projectName}</Typography.Text>
                      <Tag>{r.approvalStatusName}</Tag>
                      <Typography.Text type="secondary">{when(r.applicationDate).slice(0, 10)}</Typography.Text>
                    </List.Item>
                  )}
                />
              )}
            </CardBody>
          ),
        },
      ]}
    />
  );
}

/** The menu pages a user can open, by id: what the quick links can name. */
export function quickLinkChoices(menu: readonly MenuItem[]): MenuItem[] {
  return openableEntries(menu).map((e) => e.item);
}

function QuickLinksCard({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation();
  const { menuList } = useSnapshot(session);
  const open = useOpenMenuItem();
  const choices = quickLinkChoices(menuList as MenuItem[]);
  // Links to pages the user no longer has are left out; none chosen shows the first pages of the menu.
  const links = ids.length ? ids.map((id) => choices.find((c) => c.id === id)).filter((c): c is MenuItem => Boolean(c)) : choices.slice(0, QUICK_LINKS_DEFAULT);
  if (links.length === 0) return <Typography.Text type="secondary">{t('dashboard.noLinks')}</Typography.Text>;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 8 }}>
      {links.map((item) => (
        <Button key={item.id} icon={<MenuIcon name={item.icon} />} onClick={() => open(item)} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} data-testid="quick-link">
          {item.fullName}
        </Button>
      ))}
    </div>
  );
}

export function DashboardCard({ id, quickLinks }: { id: DashboardCardId; quickLinks: readonly string[] }) {
  switch (id) {
    case 'flowTodo':
      return <FlowTodoCard />;
    case 'notice':
      return <NoticeCard />;
    case 'unread':
      return <UnreadCard />;
    case 'orders':
      return <OrdersCard />;
    case 'quickLinks':
      return <QuickLinksCard ids={quickLinks} />;
  }
}
