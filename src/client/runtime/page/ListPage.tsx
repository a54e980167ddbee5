import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type Key } from 'react';
import { Button, Dropdown, Empty, message, Modal, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { ColumnHeightOutlined, MoreOutlined, PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useIsMobile } from '../../components/useIsMobile.js';
import { getWidget } from '../../../../registry/registerWidget.js';
import { clearDictionaryCache } from '../../stores/dictionaryCache.js';
import { session } from '../../stores/session.js';
import { FormRenderer, type FormRendererHandle } from '../FormRenderer.js';
import { getBlock } from './blocks.js';
import { renderCell } from './cells.js';
import { ColumnSettingsDrawer, type ColumnSetting } from './ColumnSettingsDrawer.js';
import { FormDialog, type FormDialogState } from './FormDialog.js';
import { callScreenApi, downloadFile, uploadFile } from './pageApi.js';
import { allowedButtons, allowedColumns, hiddenFormFields, permissionEntry } from './permissions.js';
import { textOf, type Screen, type ScreenButton } from './screen.js';
import { fillCall, type Context } from './template.js';
import { NEW_ROW_KEY, rowProblem } from './editableRows.js';

/**
 * The list-and-form page runtime: renders any screen document (columnData type 1 plain list, 2 tree on the left
 * with a table, 5 tree table), with search, the buttons the user's permissions allow, row actions, paging, the
 * column settings drawer and the add/edit dialog. Everything specific to a screen is in its JSON.
 */
type Row = Record<string, unknown> & { id?: string; children?: Row[]; hasChildren?: boolean };

interface ListAnswer {
  list?: Row[];
  pagination?: { total?: number };
}

function withLazyChildren(rows: Row[]): Row[] {
  return rows.map((row) => ({ ...row, children: row.hasChildren ? row.children?.length ? withLazyChildren(row.children) : [] : undefined }));
}

/** Empty children arrays would show an expand icon on leaves: they are dropped (lazy rows keep theirs). */
function withoutEmptyChildren(rows: Row[]): Row[] {
  return rows.map((row) => {
    if (!Array.isArray(row.children)) return row;
    if (row.children.length === 0) {
      const { children: _empty, ...rest } = row;
      return rest;
    }
    return { ...row, children: withoutEmptyChildren(row.children) };
  });
}

function allKeys(rows: Row[], rowKey: string): Key[] {
  return rows.flatMap((row) => (row.children?.length ? [row[rowKey] as Key, ...allKeys(row.children, rowKey)] : []));
}

function replaceChildren(rows: Row[], rowKey: string, key: unknown, children: Row[]): Row[] {
  return rows.map((row) => (row[rowKey] === key ? { ...row, children } : row.children?.length ? { ...row, children: replaceChildren(row.children, rowKey, key, children) } : row));
}

export function ListPage({ screen, modelId }: { screen: Screen; modelId?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { permissionList } = useSnapshot(session);
  const columnData = screen.columnData;
  const rowKey = screen.rowKey ?? 'id';
  const entry = permissionEntry(permissionList as never, modelId);
  const topButtons = allowedButtons(columnData.btnsList, entry, columnData.useBtnPermission);
  const rowButtons = allowedButtons(columnData.columnBtnsList, entry, columnData.useBtnPermission);
  const hiddenFields = useMemo(() => hiddenFormFields(entry, columnData.useFormPermission), [entry, columnData.useFormPermission]);
  const TreeBlock = screen.treeBlock ? getBlock(screen.treeBlock.name) : undefined;
  const needsTree = columnData.type === 2 && Boolean(screen.treeBlock);

  const [tree, setTree] = useState<{ id: string; [field: string]: unknown } | null>(null);
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const [page, setPage] = useState({ currentPage: 1, pageSize: columnData.pageSize ?? 20 });
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<FormDialogState | null>(null);
  /** type 4: the row being edited in place, with its draft values. */
  const [editing, setEditing] = useState<{ key: unknown; draft: Row; isNew: boolean } | null>(null);
  const editable = columnData.type === 4;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settings, setSettings] = useState<ColumnSetting[] | null>(null);
  const mobile = useIsMobile();
  const searchForm = useRef<FormRendererHandle>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const context: Context = useMemo(() => ({ treeId: tree?.id, tree: tree ?? {}, search, page }), [tree, search, page]);

  const load = useCallback(async () => {
    if (needsTree && !tree) {
      setRows([]);
      return;
    }
    setLoading(true);
    try {
      const { data } = await callScreenApi<ListAnswer>(fillCall(screen.api.list, context));
      const list = Array.isArray(data?.list) ? data.list : [];
      setRows(columnData.lazyChildren ? withLazyChildren(list) : withoutEmptyChildren(list));
      setTotal(data?.pagination?.total ?? list.length);
    } catch {
      setRows([]);
    } finally {
      setLoading(false);
    }
  }, [needsTree, tree, screen.api.list, context, columnData.lazyChildren]);

  useEffect(() => {
    void load();
  }, [load]);

  /** After any change: the caches this screen makes stale, then the list. */
  const changed = async () => {
    if (screen.clearsCaches?.includes('dictionary')) clearDictionaryCache();
    await load();
  };

  useEffect(() => {
    if (!modelId) return;
    void callScreenApi<ColumnSetting[]>({ url: `/permission/Authority/GetColumnsByModuleId/${encodeURIComponent(modelId)}`, method: 'GET', query: {}, body: {} }).then(
      ({ data }) => setSettings(Array.isArray(data) && data.length ? data : null),
      () => setSettings(null),
    );
  }, [modelId]);

  const loadChildren = async (expandedNow: boolean, record: Row) => {
    if (!expandedNow || !columnData.lazyChildren || !screen.api.children || record.children?.length) return;
    const { data } = await callScreenApi<ListAnswer>(fillCall(screen.api.children, { ...context, id: record[rowKey] }));
    setRows((current) => replaceChildren(current, rowKey, record[rowKey], withLazyChildren(data?.list ?? [])));
  };

  const confirm = (button: ScreenButton, action: () => Promise<void>) =>
    Modal.confirm({ title: t('page.confirmTitle'), content: textOf(button.confirm, language) || t('page.removeConfirm'), okText: t('page.ok'), cancelText: t('page.cancel'), onOk: action });

  const perform = async (button: ScreenButton, record?: Row) => {
    const rowContext = { ...context, id: record?.[rowKey], row: record ?? {} };
    if (editable && (button.value === 'add' || button.value === 'edit')) {
      // An editable list edits in place: a new row on top, or the row itself.
      setEditing(button.value === 'add' ? { key: NEW_ROW_KEY, draft: { [rowKey]: NEW_ROW_KEY }, isNew: true } : { key: record?.[rowKey], draft: { ...(record ?? {}) }, isNew: false });
      return;
    }
    switch (button.value) {
      case 'add':
        setDialog({ mode: 'create', context: { ...context, parentId: '-1' } });
        return;
      case 'addChild':
        setDialog({ mode: 'create', context: { ...context, parentId: record?.[rowKey] } });
        return;
      case 'edit': {
        if (!screen.api.info) return setDialog({ mode: 'edit', record, context: rowContext });
        const { data } = await callScreenApi<Record<string, unknown>>(fillCall(screen.api.info, rowContext));
        setDialog({ mode: 'edit', record: data, context: rowContext });
        return;
      }
      case 'remove':
      case 'state': {
        const call = button.value === 'remove' ? screen.api.remove : screen.api.state;
        if (!call) return;
        confirm(button, async () => {
          const answer = await callScreenApi(fillCall(call, rowContext));
          void message.success({ content: answer.msg || t('page.ok'), duration: 1.5 });
          await changed();
        });
        return;
      }
      case 'download': {
        if (!screen.api.export) return;
        const { data } = await callScreenApi<{ url: string; name: string }>(fillCall(screen.api.export, rowContext));
        await downloadFile(data.url, data.name);
        return;
      }
      case 'upload':
        fileInput.current?.click();
        return;
      default:
        return;
    }
  };

  const saveRow = async () => {
    if (!editing) return;
    const problem = rowProblem(editing.draft, screen.formData?.fields, labels);
    if (problem) {
      void message.error({ content: problem, duration: 3 });
      return;
    }
    const call = editing.isNew ? screen.api.create : screen.api.update;
    if (!call) return;
    const { [rowKey]: _key, children: _children, ...values } = editing.draft;
    const answer = await callScreenApi(fillCall(call, { ...context, id: editing.isNew ? undefined : editing.key }), values);
    void message.success({ content: answer.msg || t('page.ok'), duration: 1.5 });
    setEditing(null);
    await changed();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !screen.api.import) return;
    const answer = await uploadFile(fillCall(screen.api.import, context), file);
    void message.success({ content: answer.msg || t('page.ok'), duration: 1.5 });
    await changed();
  };

  const runSearch = async () => {
    const values = (await searchForm.current?.submit()) ?? {};
    setPage((p) => ({ ...p, currentPage: 1 }));
    setSearch(values);
  };
  const resetSearch = () => {
    searchForm.current?.form.reset();
    setSearch({});
  };

  const labels = Object.fromEntries(columnData.columnList.map((c) => [c.prop, textOf(c.label, language)]));
  const shown = allowedColumns(columnData.columnList, entry, columnData.useColumnPermission).filter((c) => !settings || settings.find((s) => s.prop === c.prop)?.visible !== false);
  const columns: TableColumnsType<Row> = shown.map((column) => ({
    key: column.prop,
    dataIndex: column.prop,
    title: labels[column.prop],
    align: column.align ?? 'left',
    width: column.width ?? undefined,
    render: (value: unknown, record: Row) => {
      if (editing && record[rowKey] === editing.key) {
        const Cell = getWidget(column.jnpfKey ?? 'comInput')?.component ?? getWidget('comInput')!.component;
        return (
          <div data-edit-cell={column.prop}>
            <Cell value={editing.draft[column.prop]} onChange={(next: unknown) => setEditing({ ...editing, draft: { ...editing.draft, [column.prop]: next } })} />
          </div>
        );
      }
      return renderCell(screen.cells?.[column.prop], value, t);
    },
  }));
  if (rowButtons.length && mobile) {
    // On a phone the row's actions sit behind one button, leaving the width to the data.
    columns.push({
      key: '__actions',
      title: '',
      width: 48,
      render: (_, record) =>
        editing && record[rowKey] === editing.key ? (
          <Space direction="vertical" size={0}>
            <Button type="link" size="small" onClick={() => void saveRow()} data-action="saveRow">{t('page.save')}</Button>
            <Button type="link" size="small" onClick={() => setEditing(null)} data-action="cancelRow">{t('page.cancel')}</Button>
          </Space>
        ) : (
        <Dropdown
          trigger={['click']}
          menu={{ items: rowButtons.map((button) => ({ key: button.value, label: textOf(button.label, language), danger: button.value === 'remove' })), onClick: ({ key }) => void perform(rowButtons.find((b) => b.value === key)!, record) }}
        >
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('page.actions')} data-action="more" />
        </Dropdown>
        ),
    });
  } else if (rowButtons.length) {
    columns.push({
      key: '__actions',
      title: t('page.actions'),
      width: Math.max(120, rowButtons.length * 72),
      fixed: 'right',
      render: (_, record) =>
        editing && record[rowKey] === editing.key ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => void saveRow()} data-action="saveRow">{t('page.save')}</Button>
            <Button type="link" size="small" onClick={() => setEditing(null)} data-action="cancelRow">{t('page.cancel')}</Button>
          </Space>
        ) : (
        <Space size={0} wrap>
          {rowButtons.map((button) => (
            <Button key={button.value} type="link" size="small" danger={button.value === 'remove'} onClick={() => void perform(button, record)} data-action={button.value}>
              {textOf(button.label, language)}
            </Button>
          ))}
        </Space>
        ),
    });
  }
  const dataSource = editing?.isNew ? [editing.draft, ...rows] : rows;
  const isTreeData = columnData.type === 5 || rows.some((row) => row.children?.length);
  const searchDefinition = useMemo(() => ({ labelWidth: 70, labelPosition: 'right', fields: columnData.searchList ?? [] }), [columnData.searchList]);

  const table = (
    <div className="lc-list">
      {columnData.searchList?.length ? (
        <div className="lc-list-search">
          <div className="lc-list-search-fields">
            <FormRenderer ref={searchForm} definition={searchDefinition} />
          </div>
          <Space>
            <Button type="primary" onClick={() => void runSearch()} data-testid="list-search">{t('page.query')}</Button>
            <Button onClick={resetSearch}>{t('page.reset')}</Button>
          </Space>
        </div>
      ) : null}
      <div className="lc-list-toolbar">
        <Space wrap>
          {topButtons.map((button) => (
            <Button key={button.value} type={button.value === 'add' ? 'primary' : 'default'} icon={button.value === 'add' ? <PlusOutlined /> : undefined} onClick={() => void perform(button)} disabled={needsTree && !tree} data-action={button.value}>
              {textOf(button.label, language)}
            </Button>
          ))}
        </Space>
        <Space>
          {isTreeData && (
            <Tooltip title={expanded.length ? t('page.collapseAll') : t('page.expandAll')}>
              <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('page.expandAll')} onClick={() => setExpanded(expanded.length ? [] : allKeys(rows, rowKey))} data-testid="toggle-expand" />
            </Tooltip>
          )}
          <Tooltip title={t('page.refresh')}>
            <Button type="text" icon={<ReloadOutlined />} aria-label={t('page.refresh')} onClick={() => void load()} data-testid="list-refresh" />
          </Tooltip>
          {modelId && (
            <Tooltip title={t('page.columnSettings')}>
              <Button type="text" icon={<SettingOutlined />} aria-label={t('page.columnSettings')} onClick={() => setSettingsOpen(true)} data-testid="column-settings" />
            </Tooltip>
          )}
        </Space>
      </div>
      {needsTree && !tree ? (
        <Empty description={t('page.chooseCategory')} />
      ) : (
        <Table<Row>
          size="middle"
          rowKey={rowKey}
          loading={loading}
          dataSource={dataSource}
          columns={columns}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded([...keys]), onExpand: (open, record) => void loadChildren(open, record) }}
          pagination={columnData.hasPage ? { current: page.currentPage, pageSize: page.pageSize, total, pageSizeOptions: [20, 50, 100, 500], showSizeChanger: true, showTotal: (count) => t('page.total', { total: count }), onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }) } : false}
          data-testid="list-table"
        />
      )}
      <input ref={fileInput} type="file" accept=".json,application/json" hidden onChange={(e) => void onFile(e)} data-testid="list-upload" />
      {dialog && screen.formData && (
        <FormDialog screen={screen} state={dialog} hiddenFields={hiddenFields} onClose={() => setDialog(null)} onSaved={() => { setDialog(null); void changed(); }} />
      )}
      {modelId && <ColumnSettingsDrawer modelId={modelId} open={settingsOpen} labels={labels} onClose={() => setSettingsOpen(false)} onSaved={setSettings} />}
    </div>
  );

  if (!TreeBlock) return table;
  return (
    <div className="lc-list-with-tree">
      <aside className="lc-list-tree">
        <TreeBlock modelId={modelId} title={textOf(screen.treeBlock?.title ?? columnData.treeTitle, language)} selectedId={tree?.id} onSelect={(node) => setTree(node)} props={screen.treeBlock?.props} />
      </aside>
      <section className="lc-list-main">{table}</section>
    </div>
  );
}
