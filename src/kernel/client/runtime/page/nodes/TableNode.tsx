import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Checkbox, Empty, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../components/useIsMobile.js';
import { renderCell } from '../cells.js';
import { ActionButton } from '../list/ActionButton.js';
import { buttonsForRow } from '../list/rows.js';
import { callScreenApi } from '../pageApi.js';
import type { PageNodeProps } from '../pageNodes.js';
import { textOf, type ActionSpec, type CellSpec, type PageNodeSpec, type ScreenButton, type ScreenCall, type Text } from '../screen.js';
import { fillCall, fillValue, type Context } from '../template.js';
import { useActionRunner } from '../useActionRunner.js';
import { sumOf, type Row, type TableColumn } from './table/columns.js';
import { keyOf, RowsTable } from './table/RowsTable.js';
import { listOf } from './useCallData.js';
import { useSource } from './useSource.js';

/**
 * {type: 'table', title?, api | source, columns, rowKey?, summary?, actions?, select?, batchActions?, onLoad?,
 * empty?, testId?}: rows from a call or from the holder's context ('{record.items}': an order's lines).
 *
 * Read-only by default. A screen may add: buttons per row (`actions`, {id}/{row}, `when` checked per row); check
 * boxes (`select`: the chosen state kept in each row's `prop` and sent with `api` as {ids} and {selected} 1/0, so a
 * cart's choice survives a reload); columns that edit in place (`input`, sent after a pause, pending edits sent
 * before any button runs); a total (`summary.sum` of a column, over the chosen rows with `chosenOnly`); buttons
 * under the rows over the chosen ones ({ids}, {rows}; disabled while none is chosen); an action each time the rows
 * load (`onLoad`: a badge to refresh); and what an empty table says and offers (`empty`).
 */
export interface TableNodeSpec extends PageNodeSpec {
  title?: Text;
  api?: ScreenCall;
  source?: string;
  columns: TableColumn[];
  rowKey?: string;
  summary?: { label: Text; value?: string; sum?: string; chosenOnly?: boolean; cell?: CellSpec };
  actions?: ScreenButton[];
  select?: { prop?: string; api?: ScreenCall; allLabel?: Text };
  batchActions?: ScreenButton[];
  onLoad?: ActionSpec;
  empty?: { text?: Text; actions?: ScreenButton[] };
  testId?: string;
}

const DEFAULT_DELAY_MS = 400;
const FOOTER = { display: 'flex', flexWrap: 'wrap' as const, justifyContent: 'space-between', alignItems: 'center', gap: 8, padding: '8px 0' };
const isChosen = (value: unknown) => value === true || value === 1 || value === '1';

export function TableNode({ node, scope }: PageNodeProps<TableNodeSpec>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const mobile = useIsMobile();
  const { data, loading, load } = useSource<unknown>(node.api, node.source, scope.context);
  // The rows as loaded, and as edited here since (a choice, a quantity) until the next load.
  const lastLoaded = useRef<Row[] | null>(null);
  const loadedRows = useMemo(() => {
    if (!loading) lastLoaded.current = listOf<Row>(data);
    return lastLoaded.current;
  }, [data, loading]);
  const [edited, setEdited] = useState<Row[] | null>(null);
  const rows = edited ?? loadedRows;
  const setRows = (change: (current: Row[] | null) => Row[] | null) => setEdited((current) => change(current ?? loadedRows));
  const rowKey = node.rowKey ?? 'id';
  const selectProp = node.select?.prop ?? 'selected';
  const pending = useRef(new Map<string, { timer: ReturnType<typeof setTimeout>; send: () => Promise<void> }>());
  const reload = useCallback(async () => {
    await Promise.all([load(), scope.reload?.()]);
  }, [load, scope.reload]);
  const actions = useActionRunner({ modelId: scope.modelId, reload, close: scope.close });

  useEffect(() => {
    if (loading) return;
    setEdited(null);
    if (node.onLoad && node.api) void actions.run(node.onLoad, scope.context).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, loading]);
  useEffect(() => {
    const timers = pending.current;
    return () => timers.forEach((entry) => clearTimeout(entry.timer));
  }, []);

  const shown = rows ?? [];
  const chosenRows = node.select ? shown.filter((row) => isChosen(row[selectProp])) : [];
  const chosenKeys = chosenRows.map((row) => keyOf(row, rowKey));

  /** Edits still waiting for their pause go now, so that what a button sends is what the screen shows. */
  const flush = async () => {
    const waiting = [...pending.current.values()];
    pending.current.clear();
    waiting.forEach((entry) => clearTimeout(entry.timer));
    await Promise.all(waiting.map((entry) => entry.send()));
  };
  const run = (action: ActionSpec | undefined, context: Context) => {
    if (!action) return;
    void flush()
      .then(() => actions.run(action, context))
      .catch(() => undefined);
  };

  const choose = async (keys: string[], chosen: boolean) => {
    setRows((current) => current?.map((row) => (keys.includes(keyOf(row, rowKey)) ? { ...row, [selectProp]: chosen ? 1 : 0 } : row)) ?? null);
    if (!node.select?.api) return;
    try {
      await callScreenApi(fillCall(node.select.api, { ...scope.context, ids: keys, selected: chosen ? 1 : 0 }));
    } catch {
      await load();
    }
  };

  const edit = (row: Row, column: TableColumn, value: unknown) => {
    const key = keyOf(row, rowKey);
    setRows((current) => current?.map((r) => (keyOf(r, rowKey) === key ? { ...r, [column.prop]: value } : r)) ?? null);
    const input = column.input;
    if (!input?.api) return;
    const id = `${key}|${column.prop}`;
    const context = { ...scope.context, id: row[rowKey], row: { ...row, [column.prop]: value }, value };
    const send = async () => {
      try {
        await callScreenApi(fillCall(input.api!, context));
        for (const next of Array.isArray(input.then) ? input.then : input.then ? [input.then] : []) await actions.run(next, context);
      } catch {
        await load();
      }
    };
    const before = pending.current.get(id);
    if (before) clearTimeout(before.timer);
    pending.current.set(id, {
      send,
      timer: setTimeout(() => {
        pending.current.delete(id);
        void send();
      }, input.delay ?? DEFAULT_DELAY_MS),
    });
  };

  if (loading && rows === null) return <div className="lc-page-loading-inline"><Spin /></div>;
  const title = textOf(node.title, language);
  const testId = node.testId;

  if (node.empty && shown.length === 0) {
    return (
      <Empty description={textOf(node.empty.text, language)} data-testid={testId ? `${testId}-empty` : undefined}>
        {node.empty.actions?.map((button) => <ActionButton key={button.value} button={button} language={language} type="primary" onClick={() => run(button.action, scope.context)} />)}
        {actions.overlays}
      </Empty>
    );
  }

  const summaryRows = node.summary?.chosenOnly ? chosenRows : shown;
  const summaryValue = node.summary && (node.summary.sum !== undefined ? sumOf(node.columns.find((column) => column.prop === node.summary!.sum), node.summary.sum, summaryRows) : fillValue(node.summary.value ?? '', scope.context));
  const summary = node.summary && (
    <span>
      {textOf(node.summary.label, language)}：
      <Typography.Text strong type="danger" data-testid={testId ? `${testId}-total` : undefined}>
        {renderCell(node.summary.cell, summaryValue, { row: {}, t, language })}
      </Typography.Text>
    </span>
  );
  const allChosen = shown.length > 0 && chosenRows.length === shown.length;
  const batch = (node.select || node.batchActions?.length) && (
    <div className="lc-table-node-footer" style={FOOTER} data-testid={testId ? `${testId}-footer` : undefined}>
      <Space wrap>
        {node.select && (
          <Checkbox checked={allChosen} indeterminate={chosenRows.length > 0 && !allChosen} onChange={(event) => void choose(shown.map((row) => keyOf(row, rowKey)), event.target.checked)} data-testid={testId ? `${testId}-select-all` : undefined}>
            {textOf(node.select.allLabel, language) || t('page.selectAll')}
          </Checkbox>
        )}
        {node.select && <Typography.Text type="secondary">{t('page.chosenCount', { count: chosenRows.length })}</Typography.Text>}
      </Space>
      <Space wrap>
        {summary}
        {node.batchActions?.map((button, index) => (
          <ActionButton
            key={button.value}
            button={button}
            language={language}
            type={index === node.batchActions!.length - 1 ? 'primary' : 'default'}
            danger={button.value.startsWith('remove')}
            disabled={node.select ? chosenRows.length === 0 : false}
            data-testid={testId ? `${testId}-${button.value}` : undefined}
            onClick={() => run(button.action, { ...scope.context, ids: chosenKeys, rows: chosenRows })}
          />
        ))}
      </Space>
    </div>
  );

  const rowActions = node.actions?.length
    ? (row: Row) => (
        <Space size={4} wrap>
          {buttonsForRow(node.actions!, row).map((button) => (
            <ActionButton key={button.value} button={button} language={language} type="link" size="small" danger={button.value.startsWith('remove')} onClick={() => run(button.action, { ...scope.context, id: row[rowKey], row })} />
          ))}
        </Space>
      )
    : undefined;

  return (
    <div className="lc-table-node" data-testid={testId ?? 'table-node'}>
      {title && <Typography.Title level={5} style={{ marginTop: 0 }}>{title}</Typography.Title>}
      <RowsTable
        rows={shown}
        rowKey={rowKey}
        columns={node.columns}
        mobile={mobile}
        testId={testId ? `${testId}-table` : undefined}
        chosen={node.select ? chosenKeys : undefined}
        onChoose={(keys, chosen) => void choose(keys, chosen)}
        onInput={edit}
        rowActions={rowActions}
        actionsTitle={t('page.actions')}
        footer={!batch && summary ? <div style={{ textAlign: 'right', padding: '4px 0' }}>{summary}</div> : undefined}
      />
      {batch}
      {actions.overlays}
    </div>
  );
}
