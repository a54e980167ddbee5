import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { message, Modal, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useIsMobile } from '../../../../kernel/client/components/useIsMobile.js';
import { platformWidgetServices } from '../../../../kernel/client/api/widgetServices.js';
import { RecordViewer } from '../../../../kernel/client/runtime/RecordViewer.js';
import { session } from '../../../../kernel/client/stores/session.js';
import { renderCell } from '../../../../kernel/client/runtime/page/cells.js';
import { callScreenApi } from '../../../../kernel/client/runtime/page/pageApi.js';
import type { PageNodeProps } from '../../../../kernel/client/runtime/page/pageNodes.js';
import { allowedButtons, allowedColumns, hiddenFormFields, permissionEntry } from '../../../../kernel/client/runtime/page/permissions.js';
import type { ScreenButton, ScreenColumn } from '../../../../kernel/client/runtime/page/screen.js';
import { fillCall, type Context } from '../../../../kernel/client/runtime/page/template.js';
import { useActionRunner } from '../../../../kernel/client/runtime/page/useActionRunner.js';
import { rowActionsColumn } from '../../../../kernel/client/runtime/page/list/RowActions.js';
import type { Row } from '../../../../kernel/client/runtime/page/list/rows.js';
import { Toolbar } from '../../../../kernel/client/runtime/page/list/Toolbar.js';
import { groupRows, queryJsonOf, recordValues, type OnlineListNode as OnlineListSpec } from './generateScreen.js';
import { nestRows } from './nestRows.js';
import { OnlineFormDialog, type OnlineFormState } from './OnlineFormDialog.js';
import { SuperQueryDialog, type SuperQueryState } from './SuperQueryDialog.js';
import { PrintChooser, printIdsOf } from '../../../printDev/client/public.js';
import '../onlineData.css';

/**
 * The `onlineDevList` page node: the list of a released design, over JNPF's online-data calls. It is the list
 * runtime's parts (Toolbar, row actions, cells, permissions, actions) around what the generic list node does not
 * have: JNPF's POST list body with queryJson, row selection for batch delete, the {data: JSON} form saves, the
 * record viewer for details, grouped (type 3) and parent-field tree (type 5) lists, and JNPF's advanced query
 * (superQueryJson, built in SuperQueryDialog) unless the design turns it off (columnData.hasSuperQuery false). The context carries
 * `moduleId` (the design) and `menuId` (the menu, whose permission entry governs buttons, columns and fields).
 */
interface ListAnswer {
  list?: Row[];
  pagination?: { total?: number };
}

export function OnlineListNode({ node: raw, scope }: PageNodeProps) {
  const node = raw as unknown as OnlineListSpec;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const mobile = useIsMobile();
  const { permissionList } = useSnapshot(session);
  const { columnData, api } = node;
  const entry = permissionEntry(permissionList as never, scope.modelId);
  const [superQuery, setSuperQuery] = useState<{ json: string; state: SuperQueryState }>({ json: '', state: { matchLogic: 'and', conditions: [] } });
  const [superQueryOpen, setSuperQueryOpen] = useState(false);
  const superQueryCount = superQuery.json ? superQuery.state.conditions.length : 0;
  const toolbar = [
    ...allowedButtons(node.toolbar, entry, columnData.useBtnPermission),
    ...(columnData.hasSuperQuery === false ? [] : [{ value: 'superQuery', label: superQueryCount ? `${t('onlineData.superQuery.button')} (${superQueryCount})` : t('onlineData.superQuery.button') }]),
  ];
  const rowButtons = allowedButtons(node.rowButtons, entry, columnData.useBtnPermission);
  const hiddenFields = useMemo(() => hiddenFormFields(entry, columnData.useFormPermission), [entry, columnData.useFormPermission]);

  const [queryJson, setQueryJson] = useState('{}');
  const [page, setPage] = useState({ currentPage: 1, pageSize: columnData.pageSize });
  const [sort, setSort] = useState({ sidx: columnData.defaultSidx, sort: columnData.sort });
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<OnlineFormState | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [printing, setPrinting] = useState<{ ids: string[]; recordIds: string[] } | null>(null);
  const closePrint = useCallback(() => setPrinting(null), []);

  const superQueryJson = superQuery.json;
  const context: Context = useMemo(
    () => ({ ...scope.context, menuId: scope.modelId ?? '', queryJson, superQueryJson, page: columnData.hasPage ? page : { currentPage: 1, pageSize: 10000 }, sort }),
    [scope.context, scope.modelId, queryJson, superQueryJson, page, sort, columnData.hasPage],
  );

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const { data } = await callScreenApi<ListAnswer>(fillCall(api.list, context));
      const answered = Array.isArray(data?.list) ? data.list : [];
      setRows(answered);
      setTotal(data?.pagination?.total ?? answered.length);
      setSelected([]);
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [api.list, context]);

  useEffect(() => {
    void load();
  }, [load]);

  const actions = useActionRunner({ modelId: scope.modelId, reload: load });
  const closeDialog = useCallback(() => setDialog(null), []);

  const removeSelected = () => {
    if (!selected.length) {
      void message.warning({ content: t('onlineData.runtime.chooseRows'), duration: 2 });
      return;
    }
    Modal.confirm({
      title: t('page.confirmTitle'),
      content: t('onlineData.runtime.batchRemoveConfirm', { count: selected.length }),
      okText: t('page.ok'),
      cancelText: t('page.cancel'),
      onOk: async () => {
        const answer = await callScreenApi(fillCall(api.batchRemove, context), { ids: selected.map(String) });
        void message.success({ content: answer.msg || t('page.ok'), duration: 1.5 });
        await load();
      },
    });
  };

  // 批量打印: the chosen rows with the form's print template(s) (its printId), one after the other.
  const printSelected = () => {
    const templates = printIdsOf(node.formData.printId);
    if (!templates.length) {
      void message.warning({ content: t('onlineData.runtime.noPrintTemplate'), duration: 2 });
      return;
    }
    if (!selected.length) {
      void message.warning({ content: t('onlineData.runtime.choosePrintRows'), duration: 2 });
      return;
    }
    setPrinting({ ids: templates, recordIds: selected.map(String) });
  };

  const perform = async (button: ScreenButton, record?: Row) => {
    const id = record?.id === undefined ? undefined : String(record.id);
    const rowContext = { ...context, id, row: record ?? {} };
    switch (button.value) {
      case 'add':
        return setDialog({ mode: 'create' });
      case 'edit':
        return setDialog({ mode: 'edit', id });
      case 'detail':
        return setDetailId(id ?? null);
      case 'remove':
        return actions.run({ actionType: 'confirm', then: { actionType: 'request', api: api.remove } }, rowContext);
      case 'batchRemove':
        return removeSelected();
      case 'batchPrint':
        return printSelected();
      case 'superQuery':
        return setSuperQueryOpen(true);
      case 'download':
        return actions.run({ actionType: 'download', api: api.export }, rowContext);
      case 'upload':
        return actions.run({ actionType: 'import', module: 'visualdev/OnlineDev/{moduleId}', title: node.title }, rowContext);
      default:
        void message.info({ content: t('onlineData.screen.notBuilt', { what: button.value }), duration: 2 });
    }
  };

  const columnList = columnData.columnList as unknown as ScreenColumn[];
  const fixedOf = new Map(columnData.columnList.map((c) => [c.prop, c.fixed]));
  const shown = allowedColumns(columnList, entry, columnData.useColumnPermission);
  const columns: TableColumnsType<Row> = shown.map((column) => ({
    key: column.prop,
    dataIndex: column.prop,
    title: typeof column.label === 'string' ? column.label : column.prop,
    align: column.align ?? 'left',
    width: column.width ?? undefined,
    fixed: !mobile && fixedOf.get(column.prop) !== 'none' ? fixedOf.get(column.prop) as 'left' | 'right' | undefined : undefined,
    sorter: column.sortable || undefined,
    render: (value: unknown, record: Row) => (record.top ? (column.prop === columnData.groupField ? String(value) : null) : renderCell(undefined, value, { row: record, t, language })),
  }));
  const actionsColumn = rowActionsColumn({ buttons: rowButtons, mobile, t, language, perform: (button, record) => void (record.top ? undefined : perform(button, record)), controls: (record) => (record.top ? <span /> : undefined) });
  if (actionsColumn) columns.push(actionsColumn);

  const shownRows = useMemo(() => {
    if (columnData.type === 3 && columnData.groupField) return groupRows(rows, columnData.groupField, t('onlineData.runtime.ungrouped')) as Row[];
    if (columnData.type === 5 && columnData.parentField) return nestRows(rows, columnData.parentField);
    return rows;
  }, [rows, columnData.type, columnData.groupField, columnData.parentField, t]);

  const selectable = toolbar.some((b) => b.value === 'batchRemove' || b.value === 'batchPrint');
  const loadRecord = useCallback(async (_modelId: string, recordId: string) => {
    const { data } = await callScreenApi(fillCall(api.info, { ...context, id: recordId }));
    return { definition: node.formData, data: recordValues(data), title: node.title };
  }, [api.info, context, node.formData, node.title]);

  return (
    <div className="lc-list lc-online-list" data-testid="online-list">
      <Toolbar
        searchList={node.searchFields}
        buttons={toolbar}
        disabled={false}
        onButton={(button) => void perform(button)}
        onSearch={(values) => {
          setPage((p) => ({ ...p, currentPage: 1 }));
          setQueryJson(queryJsonOf(values));
        }}
        onRefresh={() => void load()}
      />
      <Table<Row>
        size="middle"
        rowKey={(row) => String(row.id)}
        loading={loading}
        dataSource={shownRows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys), getCheckboxProps: (row) => ({ disabled: Boolean(row.top) }) } : undefined}
        onChange={(_pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          if (one?.columnKey) setSort(one.order ? { sidx: String(one.columnKey), sort: one.order === 'descend' ? 'desc' : 'asc' } : { sidx: columnData.defaultSidx, sort: columnData.sort });
        }}
        pagination={
          columnData.hasPage
            ? { current: page.currentPage, pageSize: page.pageSize, total, pageSizeOptions: [20, 50, 100, 500], showSizeChanger: true, showTotal: (count) => t('page.total', { total: count }), onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }) }
            : false
        }
        data-testid="list-table"
      />
      {dialog && (
        <OnlineFormDialog
          title={`${node.title} · ${dialog.mode === 'create' ? t('onlineData.runtime.create') : t('onlineData.runtime.edit')}`}
          formData={node.formData}
          calls={api}
          context={context}
          state={dialog}
          hiddenFields={hiddenFields}
          onClose={closeDialog}
          onSaved={() => {
            setDialog(null);
            void load();
          }}
        />
      )}
      {superQueryOpen && (
        <SuperQueryDialog
          formData={node.formData}
          initial={superQuery.state}
          onClose={() => setSuperQueryOpen(false)}
          onQuery={(json, state) => {
            setSuperQueryOpen(false);
            setPage((p) => ({ ...p, currentPage: 1 }));
            setSuperQuery({ json, state });
          }}
        />
      )}
      {detailId && (
        <RecordViewer modelId={String(context.moduleId ?? '')} recordId={detailId} loadRecord={loadRecord} onClose={() => setDetailId(null)} onPrint={(printId, recordId) => {
            // The preview takes the whole screen: the viewer closes under it.
            setDetailId(null);
            setPrinting({ ids: printIdsOf(printId), recordIds: [recordId] });
          }} popupType={node.formData.popupType} hiddenFields={hiddenFields} services={platformWidgetServices} />
      )}
      {printing && <PrintChooser printIds={printing.ids} recordIds={printing.recordIds} onClose={closePrint} />}
      {actions.overlays}
    </div>
  );
}
