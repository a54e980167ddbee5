import { useContext, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Empty, message, Modal, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNSAFE_LocationContext } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useIsMobile } from '../../components/useIsMobile.js';
import { RequestError } from '../../api/createRequest.js';
import { clearDictionaryCache } from '../../stores/dictionaryCache.js';
import { session } from '../../stores/session.js';
import { getBlock } from './blocks.js';
import { renderCell } from './cells.js';
import { ColumnSettingsDrawer, type ColumnSetting } from './ColumnSettingsDrawer.js';
import { FormDialog, type FormDialogState } from './FormDialog.js';
import { callScreenApi, uploadFile } from './pageApi.js';
import type { PageNodeProps } from './pageNodes.js';
import { allowedButtons, allowedColumns, hiddenFormFields, permissionEntry } from './permissions.js';
import { textOf, type ActionSpec, type ListSpec, type ScreenButton } from './screen.js';
import { fillCall, type Context } from './template.js';
import { useActionRunner } from './useActionRunner.js';
import { useEditableRows } from './list/EditableRows.js';
import { rowActionsColumn } from './list/RowActions.js';
import { allKeys, type Row } from './list/rows.js';
import { Toolbar } from './list/Toolbar.js';
import { useListData } from './list/useListData.js';
import './cells/builtInCells.js';

/**
 * The `list` page node: any list described in JNPF's vocabulary (columnData type 1 plain list, 2 tree block on
 * the left with a table, 4 editable rows, 5 tree table), with search, the buttons the user's permissions allow,
 * row actions, paging, the column settings drawer and the add/edit dialog. The list's own buttons (add, addChild,
 * edit, upload) open its form or edit in place; remove, state and download run as the built-in actions; any
 * other button runs its `action`.
 */
const NO_CONTEXT: Context = {};

export function ListPage({ screen: list, modelId, outer = NO_CONTEXT }: { screen: ListSpec; modelId?: string; outer?: Context }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { permissionList } = useSnapshot(session);
  const { columnData } = list;
  const entry = permissionEntry(permissionList as never, modelId);
  const topButtons = allowedButtons(columnData.btnsList, entry, columnData.useBtnPermission);
  const rowButtons = allowedButtons(columnData.columnBtnsList, entry, columnData.useBtnPermission);
  const hiddenFields = useMemo(() => hiddenFormFields(entry, columnData.useFormPermission), [entry, columnData.useFormPermission]);
  const TreeBlock = list.treeBlock ? getBlock(list.treeBlock.name) : undefined;
  const data = useListData(list, outer, columnData.type === 2 && Boolean(list.treeBlock));
  const { rowKey, context } = data;

  const [dialog, setDialog] = useState<FormDialogState | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settings, setSettings] = useState<ColumnSetting[] | null>(null);
  const mobile = useIsMobile();
  const fileInput = useRef<HTMLInputElement>(null);

  /** After any change: the caches this list makes stale, then the list. */
  const changed = async () => {
    if (list.clearsCaches?.includes('dictionary')) clearDictionaryCache();
    await data.load();
  };
  const actions = useActionRunner({ modelId, reload: changed });
  const labels = Object.fromEntries(columnData.columnList.map((c) => [c.prop, textOf(c.label, language)]));
  const editable = useEditableRows({ list, rowKey, context, labels, changed });

  useEffect(() => {
    if (!modelId) return;
    void callScreenApi<ColumnSetting[]>({ url: `/permission/Authority/GetColumnsByModuleId/${encodeURIComponent(modelId)}`, method: 'GET', query: {}, body: {} }).then(
      ({ data: answered }) => setSettings(Array.isArray(answered) && answered.length ? answered : null),
      () => setSettings(null),
    );
  }, [modelId]);

  /** The actions remove, state and download have always meant, over the list's own calls. */
  const builtInAction = (button: ScreenButton): ActionSpec | undefined => {
    if ((button.value === 'remove' || button.value === 'state') && list.api[button.value]) {
      return { actionType: 'confirm', text: button.confirm, then: { actionType: 'request', api: list.api[button.value] } };
    }
    if (button.value === 'download' && list.api.export) return { actionType: 'download', api: list.api.export };
    return undefined;
  };

  const perform = async (button: ScreenButton, record?: Row) => {
    const rowContext = { ...context, id: record?.[rowKey], row: record ?? {} };
    if (editable.start(button.value, record)) return;
    switch (button.value) {
      case 'add':
        return setDialog({ mode: 'create', context: { ...context, parentId: '-1' } });
      case 'addChild':
        return setDialog({ mode: 'create', context: { ...context, parentId: record?.[rowKey] } });
      case 'edit': {
        if (!list.api.info) return setDialog({ mode: 'edit', record, context: rowContext });
        const { data: info } = await callScreenApi<Record<string, unknown>>(fillCall(list.api.info, rowContext));
        return setDialog({ mode: 'edit', record: info, context: rowContext });
      }
      case 'upload':
        return fileInput.current?.click();
      default: {
        const action = button.action ?? builtInAction(button);
        if (action) await actions.run(action, rowContext);
      }
    }
  };

  // openFromAddress: ?prStr=<id> in the address runs that row button on that id (an order's detail from a link).
  const search = useContext(UNSAFE_LocationContext)?.location?.search ?? (typeof window === 'undefined' ? '' : window.location.search);
  const opened = list.openFromAddress ? new URLSearchParams(search).get(list.openFromAddress.param) : null;
  useEffect(() => {
    const button = opened ? columnData.columnBtnsList?.find((b) => b.value === list.openFromAddress?.button) : undefined;
    if (button && opened) void perform(button, { [rowKey]: opened }).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !list.api.import) return;
    const call = fillCall(list.api.import, context);
    const existing = list.importExisting;
    let answer;
    try {
      answer = await uploadFile(call, file, { silent: Boolean(existing) });
    } catch (error) {
      // Silent only where the screen may ask: any other refusal is shown as the request layer would.
      const envelope = error instanceof RequestError ? error.envelope : undefined;
      if (!existing) throw error;
      if (envelope?.code !== 409) return void message.error({ content: envelope?.msg || (error instanceof Error ? error.message : String(error)), duration: 3 });
      const yes = await new Promise<boolean>((resolve) =>
        Modal.confirm({ title: t('page.confirmTitle'), content: `${envelope.msg}${textOf(existing.confirm, i18n.language)}`, okText: t('page.ok'), cancelText: t('page.cancel'), onOk: () => resolve(true), onCancel: () => resolve(false) }),
      );
      if (!yes) return;
      answer = await uploadFile({ ...call, query: { ...call.query, ...existing.query } }, file);
    }
    void message.success({ content: answer.msg || t('page.ok'), duration: 1.5 });
    await changed();
  };

  const shown = allowedColumns(columnData.columnList, entry, columnData.useColumnPermission).filter((c) => !settings || settings.find((s) => s.prop === c.prop)?.visible !== false);
  const columns: TableColumnsType<Row> = shown.map((column) => ({
    key: column.prop,
    dataIndex: column.prop,
    title: labels[column.prop],
    align: column.align ?? 'left',
    width: column.width ?? undefined,
    sorter: column.sortable || undefined,
    render: (value: unknown, record: Row) => editable.editCell(column, record) ?? renderCell(list.cells?.[column.prop], value, { row: record, t, language }),
  }));
  const actionsColumn = rowActionsColumn({ buttons: rowButtons, mobile, t, language, perform: (button, record) => void perform(button, record), controls: editable.rowControls });
  if (actionsColumn) columns.push(actionsColumn);
  const isTreeData = columnData.type === 5 || data.rows.some((row) => row.children?.length);

  const table = (
    <div className="lc-list">
      <Toolbar
        searchList={columnData.searchList}
        buttons={topButtons}
        disabled={data.blocked}
        onButton={(button) => void perform(button)}
        onSearch={data.runSearch}
        expandAll={isTreeData ? { open: data.expanded.length > 0, toggle: () => data.setExpanded(data.expanded.length ? [] : allKeys(data.rows, rowKey)) } : undefined}
        onRefresh={() => void data.load()}
        onColumnSettings={modelId ? () => setSettingsOpen(true) : undefined}
      />
      {data.blocked ? (
        <Empty description={t('page.chooseCategory')} />
      ) : (
        <Table<Row>
          size="middle"
          rowKey={rowKey}
          loading={data.loading}
          dataSource={editable.withDraft(data.rows)}
          columns={columns}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowKeys: data.expanded, onExpandedRowsChange: (keys) => data.setExpanded([...keys]), onExpand: (open, record) => void data.loadChildren(open, record) }}
          onChange={(_pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            if (one?.columnKey) data.setSort(one.order ? { sidx: String(one.columnKey), sort: one.order === 'descend' ? 'desc' : 'asc' } : { sidx: columnData.defaultSidx, sort: columnData.sort });
          }}
          pagination={columnData.hasPage ? { current: data.page.currentPage, pageSize: data.page.pageSize, total: data.total, pageSizeOptions: [20, 50, 100, 500], showSizeChanger: true, showTotal: (count) => t('page.total', { total: count }), onChange: (currentPage, pageSize) => data.setPage({ currentPage, pageSize }) } : false}
          data-testid="list-table"
        />
      )}
      <input ref={fileInput} type="file" accept=".json,application/json" hidden onChange={(e) => void onFile(e)} data-testid="list-upload" />
      {dialog && list.formData && (
        <FormDialog list={list} state={dialog} hiddenFields={hiddenFields} onClose={() => setDialog(null)} onSaved={() => { setDialog(null); void changed(); }} />
      )}
      {modelId && <ColumnSettingsDrawer modelId={modelId} open={settingsOpen} labels={labels} onClose={() => setSettingsOpen(false)} onSaved={setSettings} />}
      {actions.overlays}
    </div>
  );

  if (!TreeBlock) return table;
  return (
    <div className="lc-list-with-tree">
      <aside className="lc-list-tree">
        <TreeBlock modelId={modelId} title={textOf(list.treeBlock?.title ?? columnData.treeTitle, language)} selectedId={data.tree?.id} onSelect={data.setTree} onChanged={() => void changed()} props={list.treeBlock?.props} />
      </aside>
      <section className="lc-list-main">{table}</section>
    </div>
  );
}

/** The list as a page node: the node's JSON is the list, its scope's context the outer one. */
export function ListNode({ node, scope }: PageNodeProps) {
  return <ListPage screen={node as unknown as ListSpec} modelId={scope.modelId} outer={scope.context} />;
}
