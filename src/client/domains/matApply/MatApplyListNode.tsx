import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Drawer, Grid, Input, List, Popconfirm, Select, Space, Table, Tag, Typography, message } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { approvalState, canVoidApplication, type ApprovalState } from '../../../shared/requisitionRules.js';
import type { PageNodeProps } from '../../runtime/page/pageNodes.js';
import type { PageNodeSpec } from '../../runtime/page/screen.js';
import { session } from '../../stores/session.js';
import { matApplyApi, type Application } from './api.js';
import { refreshRequisitionCount } from './requisitionBadge.js';
import { RequisitionDrawer } from './RequisitionDrawer.js';

/**
 * {type: 'matApplyList'}: the requisition list (/bizData/bizmatapply, spec 001 §4, §7 BizMatApply): the
 * applications the caller's data scope shows (staff their own, procurement everyone's — the server scopes),
 * their approval state (§4 labels, voided included), a detail drawer, void for the owner while not approved, and
 * 新建申领 opening the requisition drawer.
 */
const PAGE_SIZE = 20;
const STATE_COLORS: Record<ApprovalState, string> = { approved: 'success', pending: 'warning', inApproval: 'processing', rejected: 'error', voided: 'default' };
const day = (value?: number) => (value ? dayjs(value).format('YYYY-MM-DD') : '');

export function ApprovalTag({ approvalStatus, voidStatus }: { approvalStatus: unknown; voidStatus?: unknown }) {
  const { t } = useTranslation();
  const state = approvalState(approvalStatus, voidStatus);
  return <Tag color={STATE_COLORS[state]}>{t(`matApply.state.${state}`)}</Tag>;
}

export function MatApplyListNode(_: PageNodeProps<PageNodeSpec>) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().md === false;
  const [rows, setRows] = useState<Application[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [detail, setDetail] = useState<Application | null>(null);

  const load = useCallback(async (current: number, word: string, state?: string) => {
    setLoading(true);
    try {
      const result = await matApplyApi.list({ currentPage: current, pageSize: PAGE_SIZE, keyword: word || undefined, type: state });
      setRows(result.list);
      setTotal(result.total);
      setPage(current);
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void load(1, '', undefined);
    void refreshRequisitionCount();
  }, [load]);

  const openDetail = async (row: Application) => {
    try {
      setDetail(await matApplyApi.detail(row.id));
    } catch {
      /* the request layer said why */
    }
  };
  const voidRow = async (row: Application) => {
    try {
      await matApplyApi.void(row.id);
    } catch {
      return;
    }
    void message.success(t('matApply.voided'));
    setDetail(null);
    await Promise.all([load(page, keyword, type), refreshRequisitionCount()]);
  };
  const mine = (row: Application) => !row.creatorUserId || row.creatorUserId === session.userInfo?.userId;
  const actions = (row: Application) => (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => void openDetail(row)}>
        {t('matApply.detail')}
      </Button>
      {mine(row) && canVoidApplication(row.approvalStatus, row.voidStatus) && (
        <Popconfirm title={t('matApply.voidConfirm')} onConfirm={() => voidRow(row)}>
          <Button type="link" size="small" danger>
            {t('matApply.void')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  const toolbar = (
    <Space wrap style={{ marginBottom: 12 }}>
      <Input.Search allowClear placeholder={t('matApply.keyword')} style={{ width: phone ? 180 : 240 }} value={keyword} onChange={(e) => setKeyword(e.target.value)} onSearch={(word) => void load(1, word.trim(), type)} />
      <Select
        allowClear
        placeholder={t('matApply.allStates')}
        style={{ width: 140 }}
        value={type}
        onChange={(value?: string) => {
          setType(value);
          void load(1, keyword.trim(), value);
        }}
        options={(['pending', 'inApproval', 'rejected', 'voided', 'approved'] as const).map((state) => ({ value: state, label: t(`matApply.state.${state}`) }))}
      />
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer(true)} data-testid="requisition-create">
        {t('matApply.create')}
      </Button>
    </Space>
  );

  return (
    <Card bordered={false} styles={{ body: { padding: phone ? 12 : 24 } }}>
      {toolbar}
      {phone ? (
        <List<Application>
          loading={loading}
          dataSource={rows}
          pagination={total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total, size: 'small', onChange: (current) => void load(current, keyword.trim(), type) } : false}
          renderItem={(row) => (
            <List.Item data-testid="requisition-row">
              <Space direction="vertical" size={2} style={{ width: '100%' }}>
                <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                  <Typography.Text strong>{row.billNo}</Typography.Text>
                  <ApprovalTag approvalStatus={row.approvalStatus} voidStatus={row.voidStatus} />
                </Space>
                <Typography.Text type="secondary">
                  {row.needUserName} · {row.needOrgName} · {day(row.needDate)}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis>
                  {row.address}
                </Typography.Text>
                {actions(row)}
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Table<Application>
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={rows}
          scroll={{ x: 1100 }}
          onRow={() => ({ 'data-testid': 'requisition-row' }) as React.HTMLAttributes<HTMLElement>}
          pagination={{ current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, onChange: (current) => void load(current, keyword.trim(), type) }}
          columns={[
            { title: t('matApply.col.billNo'), dataIndex: 'billNo', width: 170 },
            { title: t('matApply.col.applicationUser'), dataIndex: 'applicationUserName', width: 110 },
            { title: t('matApply.col.applicationDate'), dataIndex: 'applicationDate', width: 110, render: day },
            { title: t('matApply.col.needUser'), dataIndex: 'needUserName', width: 110 },
            { title: t('matApply.col.needOrg'), dataIndex: 'needOrgName', width: 120 },
            { title: t('matApply.col.needDate'), dataIndex: 'needDate', width: 110, render: day },
            { title: t('matApply.col.project'), dataIndex: 'projectName', width: 140, ellipsis: true },
            { title: t('matApply.col.lines'), width: 70, render: (_, row) => row.spareCount + row.returnedCount },
            { title: t('matApply.col.status'), width: 100, render: (_, row) => <ApprovalTag approvalStatus={row.approvalStatus} voidStatus={row.voidStatus} /> },
            { title: t('matApply.col.action'), width: 130, fixed: 'right', render: (_, row) => actions(row) },
          ]}
        />
      )}
      <RequisitionDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        onSubmitted={() => {
          setDrawer(false);
          void load(1, keyword.trim(), type);
        }}
      />
      <Drawer open={detail !== null} width={phone ? '100%' : 900} title={detail?.billNo} onClose={() => setDetail(null)} destroyOnHidden>
        {detail && <ApplicationDetail application={detail} />}
      </Drawer>
    </Card>
  );
}

function ApplicationDetail({ application: a }: { application: Application }) {
  const { t } = useTranslation();
  const rows = [...(a.matApplyDetail ?? []).map((r) => ({ ...r, kind: t('matApply.spareTitle') })), ...(a.returnedMatApplyDetail ?? []).map((r) => ({ ...r, kind: t('matApply.returnedTitle') }))];
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('matApply.col.status')}>
          <ApprovalTag approvalStatus={a.approvalStatus} voidStatus={a.voidStatus} />
        </Descriptions.Item>
        <Descriptions.Item label={t('matApply.col.applicationUser')}>{a.applicationUserName}</Descriptions.Item>
        <Descriptions.Item label={t('matApply.col.applicationDate')}>{day(a.applicationDate)}</Descriptions.Item>
        <Descriptions.Item label={t('matApply.col.needUser')}>{a.needUserName}</Descriptions.Item>
        <Descriptions.Item label={t('matApply.col.needOrg')}>{a.needOrgName}</Descriptions.Item>
        <Descriptions.Item label={t('matApply.col.needDate')}>{day(a.needDate)}</Descriptions.Item>
        <Descriptions.Item label={t('matApply.col.project')}>{a.projectName}</Descriptions.Item>
        <Descriptions.Item label={t('matApply.col.address')}>{a.address}</Descriptions.Item>
        <Descriptions.Item label={t('matApply.col.remarks')} span={2}>
          {a.remarks}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 700 }}
        columns={[
          { title: '', dataIndex: 'kind', width: 90 },
          { title: t('matApply.col.name'), dataIndex: 'name', width: 160 },
          { title: t('matApply.col.cas'), dataIndex: 'cas', width: 110 },
          { title: t('matApply.col.spec'), dataIndex: 'spec', width: 90 },
          { title: t('matApply.col.brand'), dataIndex: 'brand', width: 100 },
          { title: t('matApply.col.count'), dataIndex: 'productCount', width: 80, render: (v: unknown, r: Record<string, unknown>) => `${String(v ?? '')} ${String(r.unit ?? '')}` },
          { title: t('matApply.col.undertake'), dataIndex: 'customerUndertake', width: 100, render: (v: unknown) => (v === undefined ? '' : Number(v) === 1 ? t('matApply.yes') : t('matApply.no')) },
        ]}
      />
    </>
  );
}
