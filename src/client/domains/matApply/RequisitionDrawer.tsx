import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Col, DatePicker, Drawer, Empty, Grid, Input, InputNumber, Row, Select, Space, Table, Typography, message } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { firstRequisitionProblem, REMARKS_MAX_LENGTH, ADDRESS_MAX_LENGTH, SPARE_COUNT_MAX } from '../../../shared/requisitionRules.js';
import { UserPicker } from '../../../../registry/components/pickers/UserPicker.js';
import { WidgetServicesContext } from '../../../../registry/components/services.js';
import { platformWidgetServices } from '../../api/widgetServices.js';
import { session } from '../../stores/session.js';
import { refreshRequisitionCount } from './requisitionBadge.js';
import { matApplyApi, type Option, type ReturnedMat, type StockedProduct, type SubmitBody } from './api.js';
import { ProductDialog } from './ProductDialog.js';
import { hasMoreAfter, nearBottom, RETURNED_PAGE_SIZE } from './scroll.js';

/**
 * The requisition drawer (spec 001 §2, 900 px): the caller's returned reagents (chosen with check boxes, loaded a
 * page at a time as the table scrolls near its bottom), spare-stock rows (a product from the stocked catalogue,
 * a count, whether the customer bears the cost), and the application form. Submit stops at the first §5 problem
 * (src/shared/requisitionRules.ts, the server's own rules) with its message; a server refusal shows its msg.
 */
export const REQUISITION_DRAWER_WIDTH = 900;

interface SpareRow {
  key: string;
  product?: StockedProduct;
  productCount: number | null;
  customerUndertake: 0 | 1;
}

interface FormState {
  projectId: string | null;
  needOrg: string | null;
  companyId: string | null;
  needUser: string | null;
  needDate: Dayjs | null;
  address: string;
  remarks: string;
}

let rowSeq = 0;
const newRow = (): SpareRow => ({ key: `spare-${++rowSeq}`, productCount: null, customerUndertake: 0 });

export function RequisitionDrawer({ open, onClose, onSubmitted }: { open: boolean; onClose: () => void; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().md === false;
  const me = session.userInfo;
  const [returned, setReturned] = useState<ReturnedMat[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [spare, setSpare] = useState<SpareRow[]>([]);
  const [picking, setPicking] = useState<string | null>(null);
  const [form, setForm] = useState<FormState>({ projectId: null, needOrg: null, companyId: null, needUser: null, needDate: null, address: '', remarks: '' });
  const [fillProject, setFillProject] = useState(false);
  const [projects, setProjects] = useState<Option[]>([]);
  const [orgs, setOrgs] = useState<Option[]>([]);
  const [busy, setBusy] = useState(false);
  const paging = useRef({ page: 0, more: true, loading: false });
  const [loadingReturned, setLoadingReturned] = useState(false);
  const today = useRef(dayjs().startOf('day'));

  const loadNext = useCallback(async () => {
    const state = paging.current;
    if (!state.more || state.loading) return;
    state.loading = true;
    setLoadingReturned(true);
    try {
      const page = await matApplyApi.returnedMats(state.page + 1, RETURNED_PAGE_SIZE);
      state.page += 1;
      state.more = hasMoreAfter(page.list.length, RETURNED_PAGE_SIZE);
      setReturned((current) => [...current, ...page.list.filter((row) => !current.some((c) => c.id === row.id))]);
    } catch {
      state.more = false;
    } finally {
      state.loading = false;
      setLoadingReturned(false);
    }
  }, []);

  /** A new need user: the project is cleared and reloaded; department, company and the project flag are theirs. */
  const changeNeedUser = useCallback(async (userId: string | null) => {
    setForm((current) => ({ ...current, needUser: userId, projectId: null, ...(userId ? {} : { needOrg: null, companyId: null }) }));
    setProjects([]);
    if (!userId) {
      setFillProject(false);
      return;
    }
    try {
      const [user, list] = await Promise.all([matApplyApi.user(userId), matApplyApi.projects(userId)]);
      setForm((current) => (current.needUser === userId ? { ...current, needOrg: user.organizeId || null, companyId: user.companyId || null } : current));
      setFillProject(user.fillProject);
      setProjects(list);
    } catch {
      setFillProject(false);
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    paging.current = { page: 0, more: true, loading: false };
    setReturned([]);
    setChosen([]);
    setSpare([]);
    today.current = dayjs().startOf('day');
    setForm({ projectId: null, needOrg: null, companyId: null, needUser: null, needDate: null, address: '', remarks: '' });
    void loadNext();
    void matApplyApi.organizations().then(setOrgs, () => setOrgs([]));
    if (me?.userId) void changeNeedUser(me.userId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const patch = (change: Partial<FormState>) => setForm((current) => ({ ...current, ...change }));
  const patchRow = (key: string, change: Partial<SpareRow>) => setSpare((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const submit = async () => {
    const returnedRows = returned.filter((row) => chosen.includes(row.id));
    const body: SubmitBody = {
      applicationUser: me?.userId ?? '',
      applicationDate: today.current.valueOf(),
      projectId: fillProject ? form.projectId : form.projectId ?? null,
      needOrg: form.needOrg,
      companyId: form.companyId,
      needUser: form.needUser,
      needDate: form.needDate ? form.needDate.startOf('day').valueOf() : null,
      address: form.address,
      remarks: form.remarks,
      matApplyDetail: spare.map((row) => ({
        productId: row.product?.id ?? '',
        productCount: row.productCount,
        customerUndertake: row.customerUndertake,
        cas: row.product?.cas ?? '',
        spec: row.product?.spec ?? '',
        model: row.product?.model ?? '',
        productNumber: row.product?.itemCode ?? '',
        brand: row.product?.brand ?? '',
        unit: row.product?.unitName ?? '',
      })),
      returnedMatApplyDetail: returnedRows.map((row) => ({ returnedMatId: row.id, cas: row.cas, productCount: row.applyNum, spec: row.spec, brand: row.brand, unit: row.unit })),
    };
    const problem = firstRequisitionProblem(body, { fillProject });
    if (problem) {
      void message.error(t(`matApply.rule.${problem.rule}`, { row: problem.row }));
      return;
    }
    setBusy(true);
    try {
      await matApplyApi.save(body);
    } catch {
      return; // the request layer showed the server's msg
    } finally {
      setBusy(false);
    }
    const sent = new Set(returnedRows.map((row) => row.id));
    setReturned((rows) => rows.filter((row) => !sent.has(row.id)));
    setChosen([]);
    void message.success(t('matApply.submitted'));
    await refreshRequisitionCount();
    onSubmitted();
  };

  const label = (text: string, required = false) => (
    <Typography.Text style={{ display: 'block', marginBottom: 4 }}>
      {required && <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>}
      {text}
    </Typography.Text>
  );
  const span = phone ? 24 : 12;

  return (
    <Drawer
      open={open}
      title={t('matApply.drawerTitle')}
      width={phone ? '100%' : REQUISITION_DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('matApply.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="requisition-submit">
            {t('matApply.submit')}
          </Button>
        </Space>
      }
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('matApply.returnedTitle')}
      </Typography.Title>
      <div
        data-testid="returned-scroll"
        style={{ maxHeight: 260, overflowY: 'auto', marginBottom: 16 }}
        onScroll={(event) => nearBottom(event.currentTarget) && void loadNext()}
      >
        <Table<ReturnedMat>
          size="small"
          rowKey="id"
          pagination={false}
          loading={loadingReturned && returned.length === 0}
          dataSource={returned}
          scroll={{ x: 760 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
          columns={[
            { title: t('matApply.col.cas'), dataIndex: 'cas', width: 110 },
            { title: t('matApply.col.name'), dataIndex: 'name', width: 160 },
            { title: t('matApply.col.spec'), dataIndex: 'spec', width: 90 },
            { title: t('matApply.col.brand'), dataIndex: 'brand', width: 100 },
            { title: t('matApply.col.applyNum'), dataIndex: 'applyNum', width: 70, render: (value: number, row) => `${value}${row.unit ? ` ${row.unit}` : ''}` },
            { title: t('matApply.col.binName'), dataIndex: 'binName', width: 100 },
            { title: t('matApply.col.expDate'), dataIndex: 'expDate', width: 110 },
          ]}
        />
      </div>

      <Space style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('matApply.spareTitle')}
        </Typography.Title>
        <Button icon={<PlusOutlined />} onClick={() => setSpare((rows) => [...rows, newRow()])} data-testid="spare-add">
          {t('matApply.addRow')}
        </Button>
      </Space>
      <Table<SpareRow>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={spare}
        scroll={{ x: 760 }}
        style={{ marginBottom: 16 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        columns={[
          { title: '#', width: 40, render: (_, __, index) => index + 1 },
          {
            title: t('matApply.col.product'),
            width: 200,
            render: (_, row) => (
              <Button size="small" type={row.product ? 'link' : 'default'} onClick={() => setPicking(row.key)} data-testid="spare-pick" style={{ padding: row.product ? 0 : undefined }}>
                {row.product ? row.product.name : t('matApply.pick')}
              </Button>
            ),
          },
          { title: t('matApply.col.cas'), width: 100, render: (_, row) => row.product?.cas ?? '' },
          { title: t('matApply.col.spec'), width: 80, render: (_, row) => row.product?.spec ?? '' },
          { title: t('matApply.col.brand'), width: 90, render: (_, row) => row.product?.brand ?? '' },
          {
            title: t('matApply.col.count'),
            width: 100,
            render: (_, row) => (
              <InputNumber size="small" min={0} max={SPARE_COUNT_MAX} precision={0} value={row.productCount} onChange={(value) => patchRow(row.key, { productCount: value ?? null })} data-testid="spare-count" />
            ),
          },
          {
            title: t('matApply.col.undertake'),
            width: 110,
            render: (_, row) => (
              <Select
                size="small"
                style={{ width: 80 }}
                value={row.customerUndertake}
                onChange={(value) => patchRow(row.key, { customerUndertake: value })}
                options={[
                  { value: 0, label: t('matApply.no') },
                  { value: 1, label: t('matApply.yes') },
                ]}
              />
            ),
          },
          {
            title: t('matApply.col.action'),
            width: 70,
            render: (_, row) => (
              <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => setSpare((rows) => rows.filter((r) => r.key !== row.key))} aria-label={t('matApply.remove')} />
            ),
          },
        ]}
      />

      <Typography.Title level={5}>{t('matApply.formTitle')}</Typography.Title>
      <Row gutter={[16, 12]}>
        <Col span={span}>
          {label(t('matApply.col.applicationUser'))}
          <Input value={me?.userName ?? ''} disabled />
        </Col>
        <Col span={span}>
          {label(t('matApply.col.applicationDate'))}
          <Input value={today.current.format('YYYY-MM-DD')} disabled />
        </Col>
        <Col span={span}>
          {label(t('matApply.col.needUser'), true)}
          {/* The platform's user picker (spec 001 §2: organisation tree, search, current organisation, subordinates). */}
          <div data-testid="need-user">
            <WidgetServicesContext.Provider value={platformWidgetServices}>
              <UserPicker fieldKey="needUser" value={form.needUser ?? undefined} onChange={(value) => void changeNeedUser(typeof value === 'string' && value ? value : null)} />
            </WidgetServicesContext.Provider>
          </div>
        </Col>
        <Col span={span}>
          {label(t('matApply.col.needOrg'), true)}
          <Select
            data-testid="need-org"
            style={{ width: '100%' }}
            showSearch
            allowClear
            optionFilterProp="label"
            value={form.needOrg ?? undefined}
            options={orgs.map((org) => ({ value: org.id, label: org.name }))}
            onChange={(value?: string) => patch({ needOrg: value ?? null })}
          />
        </Col>
        {fillProject && (
          <Col span={span}>
            {label(t('matApply.col.project'), true)}
            <Select
              data-testid="project"
              style={{ width: '100%' }}
              allowClear
              value={form.projectId ?? undefined}
              options={projects.map((project) => ({ value: project.id, label: project.name }))}
              onChange={(value?: string) => patch({ projectId: value ?? null })}
            />
          </Col>
        )}
        <Col span={span}>
          {label(t('matApply.col.needDate'), true)}
          <DatePicker data-testid="need-date" style={{ width: '100%' }} value={form.needDate} onChange={(value) => patch({ needDate: value ?? null })} />
        </Col>
        <Col span={24}>
          {label(t('matApply.col.address'), true)}
          <Input data-testid="address" maxLength={ADDRESS_MAX_LENGTH} value={form.address} onChange={(event) => patch({ address: event.target.value })} />
        </Col>
        <Col span={24}>
          {label(t('matApply.col.remarks'))}
          <Input.TextArea data-testid="remarks" rows={3} maxLength={REMARKS_MAX_LENGTH} value={form.remarks} onChange={(event) => patch({ remarks: event.target.value })} />
        </Col>
      </Row>

      <ProductDialog
        open={picking !== null}
        onClose={() => setPicking(null)}
        onPick={(product) => {
          if (picking) patchRow(picking, { product });
          setPicking(null);
        }}
      />
    </Drawer>
  );
}
