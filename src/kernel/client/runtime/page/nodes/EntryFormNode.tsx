import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Col, DatePicker, Input, message, Row as GridRow, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../../../../../../registry/components/pickers/UserPicker.js';
import { WidgetServicesContext } from '../../../../../../registry/components/services.js';
import { platformWidgetServices } from '../../../api/widgetServices.js';
import { useIsMobile } from '../../../components/useIsMobile.js';
import { session } from '../../../stores/session.js';
import { rowMeets } from '../list/rows.js';
import { callScreenApi } from '../pageApi.js';
import type { PageNodeProps } from '../pageNodes.js';
import { textOf, type ActionSpec, type ButtonCondition, type PageNodeSpec, type ScreenCall, type Text } from '../screen.js';
import { fillCall, fillDeep, type Context } from '../template.js';
import { useActionRunner } from '../useActionRunner.js';
import { validate } from '../validators.js';
import { nearBottom, hasMoreAfter } from './scrollPaging.js';
import type { Row, TableColumn } from './table/columns.js';
import { keyOf, RowsTable } from './table/RowsTable.js';
import { listOf } from './useCallData.js';

/**
 * {type: 'entryForm', sections, validator?, submit}: a form made of sections, each a title with row tables and/or
 * fields, sent as one body (a requisition: returned reagents chosen from a list, spare-stock rows added by hand,
 * and the application's fields).
 *
 * A row table either loads its rows a page at a time as its box scrolls within 200 px of the bottom (`api`,
 * `pageSize`, `maxHeight`), optionally with check boxes (`select`), or starts empty and grows by its add button
 * (`add`, `rowDefaults`), each row removable (`remove`); its columns may edit rows in place (number, select, pick).
 * `submit.rows` says which rows are sent (`chosen` or `all`) and `submit.map` how each becomes a body row.
 *
 * A field is text, input, textarea, date, select (options from a call, `requires` the values it needs) or user
 * (the platform's user picker); `default` is a template ({currentUser}), `visibleWhen` a condition on the values,
 * and `onChange` what follows a change: fields to clear, and a call whose answer fills others ({set: {needOrg:
 * 'organizeId'}}; emptied with the field). Hidden values such a call sets (a project-required flag) are values too.
 *
 * Submit fills `submit.api` from {values}, {rows.<table>}, {currentUser}, {today}; the validator reads that body
 * first (the first problem is shown and nothing is sent); a refused call keeps everything; a taken one drops the
 * sent rows of tables with `removeSubmitted`, says `success`, runs `then`, reloads the holder and closes it.
 */
export interface EntryTable {
  name: string;
  columns: TableColumn[];
  rowKey?: string;
  api?: ScreenCall;
  pageSize?: number;
  maxHeight?: number;
  select?: boolean;
  add?: { label?: Text; testId?: string };
  remove?: { label?: Text };
  rowDefaults?: Record<string, unknown>;
  submit?: { rows?: 'all' | 'chosen'; map?: Record<string, unknown> };
  removeSubmitted?: boolean;
  testId?: string;
}

export interface EntryField {
  name: string;
  label: Text;
  widget: 'text' | 'input' | 'textarea' | 'date' | 'select' | 'user';
  required?: boolean;
  disabled?: boolean;
  default?: unknown;
  maxLength?: number;
  span?: number;
  testId?: string;
  options?: { api: ScreenCall; labelProp?: string; valueProp?: string; requires?: string[] };
  visibleWhen?: ButtonCondition | ButtonCondition[];
  onChange?: { clear?: string[]; load?: { api: ScreenCall; set: Record<string, string> } };
}

export interface EntrySection {
  title?: Text;
  table?: EntryTable;
  fields?: EntryField[];
}

export interface EntryFormSpec extends PageNodeSpec {
  sections: EntrySection[];
  validator?: string;
  submit: { api: ScreenCall; label?: Text; testId?: string; success?: Text; then?: ActionSpec | ActionSpec[] };
}

type Values = Record<string, unknown>;
interface TableState {
  rows: Row[];
  chosen: string[];
  page: number;
  more: boolean;
  loading: boolean;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';
let rowSeq = 0;

export default function EntryFormNode({ node, scope }: PageNodeProps<EntryFormSpec>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const mobile = useIsMobile();
  const base = useMemo<Context>(() => ({ ...scope.context, currentUser: session.userInfo?.userId ?? '', currentUserName: session.userInfo?.userName ?? '', today: dayjs().startOf('day').valueOf() }), [scope.context]);
  const fields = useMemo(() => node.sections.flatMap((section) => section.fields ?? []), [node.sections]);
  const tables = useMemo(() => node.sections.flatMap((section) => (section.table ? [section.table] : [])), [node.sections]);
  const [values, setValues] = useState<Values>(() => Object.fromEntries(fields.map((field) => [field.name, isEmpty(field.default) ? null : fillDeep(field.default, base)])));
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [state, setState] = useState<Record<string, TableState>>(() => Object.fromEntries(tables.map((table) => [table.name, { rows: [], chosen: [], page: 0, more: Boolean(table.api), loading: false }])));
  const stateRef = useRef(state);
  stateRef.current = state;
  const [busy, setBusy] = useState(false);
  const actions = useActionRunner({ modelId: scope.modelId, reload: async () => scope.reload?.() });

  const patchTable = (name: string, change: (current: TableState) => Partial<TableState>) => setState((current) => ({ ...current, [name]: { ...current[name], ...change(current[name]) } }));

  /** The next page of a table that loads from a call, while pages come back full. */
  const loadNext = useCallback(async (table: EntryTable) => {
    const current = stateRef.current[table.name];
    if (!table.api || !current.more || current.loading) return;
    const pageSize = table.pageSize ?? 20;
    current.loading = true;
    patchTable(table.name, () => ({ loading: true }));
    try {
      const { data } = await callScreenApi(fillCall(table.api, { ...base, page: { currentPage: current.page + 1, pageSize } }));
      const list = listOf<Row>(data);
      const key = table.rowKey ?? 'id';
      patchTable(table.name, (now) => ({ page: now.page + 1, more: hasMoreAfter(list.length, pageSize), loading: false, rows: [...now.rows, ...list.filter((row) => !now.rows.some((known) => keyOf(known, key) === keyOf(row, key)))] }));
    } catch {
      patchTable(table.name, () => ({ more: false, loading: false }));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base]);

  /** A field's change and what follows it: fields cleared, and a call that fills others (or empties them). */
  const change = useCallback(async (field: EntryField, value: unknown) => {
    const cleared = Object.fromEntries((field.onChange?.clear ?? []).map((name) => [name, null]));
    setValues((current) => ({ ...current, [field.name]: value, ...cleared }));
    const load = field.onChange?.load;
    if (!load) return;
    const emptied = Object.fromEntries(Object.keys(load.set).map((name) => [name, null]));
    if (isEmpty(value)) {
      setValues((current) => ({ ...current, ...emptied }));
      return;
    }
    try {
      const { data } = await callScreenApi(fillCall(load.api, { ...base, value, values: valuesRef.current }));
      const answer = (data ?? {}) as Row;
      if (valuesRef.current[field.name] !== value) return; // changed again meanwhile
      setValues((current) => ({ ...current, ...Object.fromEntries(Object.entries(load.set).map(([name, prop]) => [name, isEmpty(answer[prop]) ? null : answer[prop]])) }));
    } catch {
      setValues((current) => ({ ...current, ...emptied }));
    }
  }, [base]);

  useEffect(() => {
    tables.forEach((table) => void loadNext(table));
    // A default value is a change like any other: the need user's department follows.
    fields.forEach((field) => !isEmpty(values[field.name]) && field.onChange?.load && void change(field, values[field.name]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const sentRows = (table: EntryTable): Row[] => {
    const current = state[table.name];
    const rows = table.submit?.rows === 'chosen' || (table.select && !table.submit?.rows) ? current.rows.filter((row) => current.chosen.includes(keyOf(row, table.rowKey ?? 'id'))) : current.rows;
    return rows;
  };

  const submit = async () => {
    const sent = Object.fromEntries(tables.map((table) => [table.name, sentRows(table)]));
    const rows = Object.fromEntries(tables.map((table) => [table.name, sent[table.name].map((row) => (table.submit?.map ? fillDeep(table.submit.map, { ...base, row }) : row))]));
    const context = { ...base, values, rows };
    const call = fillCall(node.submit.api, context);
    const checked = validate(node.validator, call.body, { t, language, context });
    if (!checked.ok) {
      void message.error(checked.message);
      return;
    }
    setBusy(true);
    try {
      await callScreenApi(call);
    } catch {
      return; // the request layer showed the server's refusal
    } finally {
      setBusy(false);
    }
    for (const table of tables) {
      if (!table.removeSubmitted) continue;
      const key = table.rowKey ?? 'id';
      const gone = new Set(sent[table.name].map((row) => keyOf(row, key)));
      patchTable(table.name, (now) => ({ rows: now.rows.filter((row) => !gone.has(keyOf(row, key))), chosen: [] }));
    }
    void message.success(textOf(node.submit.success, language) || t('page.ok'));
    const then = node.submit.then;
    for (const action of Array.isArray(then) ? then : then ? [then] : []) await actions.run(action, context).catch(() => undefined);
    scope.close?.();
    await scope.reload?.();
  };

  const label = (field: EntryField) => (
    <Typography.Text style={{ display: 'block', marginBottom: 4 }}>
      {field.required && <span style={{ color: 'var(--ant-color-error, #ff4d4f)', marginRight: 4 }}>*</span>}
      {textOf(field.label, language)}
    </Typography.Text>
  );

  const renderTable = (table: EntryTable) => {
    const current = state[table.name];
    const key = table.rowKey ?? 'id';
    const removable = table.remove
      ? (row: Row) => <Button size="small" type="link" danger icon={<DeleteOutlined />} aria-label={textOf(table.remove!.label, language) || t('page.removeRow')} onClick={() => patchTable(table.name, (now) => ({ rows: now.rows.filter((r) => keyOf(r, key) !== keyOf(row, key)) }))} />
      : undefined;
    return (
      <RowsTable
        rows={current.rows}
        rowKey={key}
        columns={table.columns}
        mobile={mobile}
        testId={table.testId ?? table.name}
        loading={current.loading && current.rows.length === 0}
        chosen={table.select ? current.chosen : undefined}
        onChoose={(keys, chosen) => patchTable(table.name, (now) => ({ chosen: chosen ? [...new Set([...now.chosen, ...keys])] : now.chosen.filter((k) => !keys.includes(k)) }))}
        onInput={(row, column, value) => patchTable(table.name, (now) => ({ rows: now.rows.map((r) => (keyOf(r, key) === keyOf(row, key) ? { ...r, [column.prop]: value } : r)) }))}
        rowActions={removable}
        actionsTitle={t('page.actions')}
        maxHeight={table.api ? (table.maxHeight ?? 260) : undefined}
        onScroll={(box) => nearBottom(box) && void loadNext(table)}
      />
    );
  };

  return (
    <div className="lc-entry-form" data-testid="entry-form">
      {node.sections.map((section, index) => (
        <section key={index} style={{ marginBottom: 16 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
            {section.title && <Typography.Title level={5} style={{ margin: 0 }}>{textOf(section.title, language)}</Typography.Title>}
            {section.table?.add && (
              <Button icon={<PlusOutlined />} data-testid={section.table.add.testId} onClick={() => patchTable(section.table!.name, (now) => ({ rows: [...now.rows, { [section.table!.rowKey ?? 'id']: `new-${(rowSeq += 1)}`, ...(section.table!.rowDefaults ?? {}) }] }))}>
                {textOf(section.table.add.label, language) || t('page.addRow')}
              </Button>
            )}
          </div>
          {section.table && renderTable(section.table)}
          {section.fields && (
            <GridRow gutter={[16, 12]}>
              {section.fields.filter((field) => !field.visibleWhen || rowMeets(field.visibleWhen, values)).map((field) => (
                <Col key={field.name} span={mobile ? 24 : (field.span ?? 12)}>
                  {label(field)}
                  <FieldControl field={field} value={values[field.name]} values={values} base={base} onChange={(value) => void change(field, value)} />
                </Col>
              ))}
            </GridRow>
          )}
        </section>
      ))}
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        {scope.close && <Button onClick={scope.close}>{t('page.cancel')}</Button>}
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid={node.submit.testId}>
          {textOf(node.submit.label, language) || t('page.submit')}
        </Button>
      </Space>
      {actions.overlays}
    </div>
  );
}

function useOptions(field: EntryField, values: Values, base: Context) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const source = field.options;
  const ready = !source?.requires?.some((name) => isEmpty(values[name]));
  const call = useMemo(() => (source && ready ? fillCall(source.api, { ...base, values }) : null), [source, ready, base, values]);
  const callKey = call ? JSON.stringify(call) : '';
  useEffect(() => {
    if (!call || !source) {
      setOptions([]);
      return undefined;
    }
    let live = true;
    setOptions([]);
    callScreenApi(call).then(
      ({ data }) => live && setOptions(listOf<Row>(data).map((row) => ({ value: String(row[source.valueProp ?? 'id']), label: String(row[source.labelProp ?? 'fullName'] ?? '') }))),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [callKey]);
  return options;
}

function FieldControl({ field, value, values, base, onChange }: { field: EntryField; value: unknown; values: Values; base: Context; onChange: (value: unknown) => void }) {
  const options = useOptions(field, values, base);
  const text = value === null || value === undefined ? '' : String(value);
  switch (field.widget) {
    case 'text':
      return <Input value={text} disabled data-testid={field.testId} />;
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={field.maxLength} value={text} disabled={field.disabled} onChange={(event) => onChange(event.target.value)} data-testid={field.testId} />;
    case 'date':
      return (
        <DatePicker
          style={{ width: '100%' }}
          disabled={field.disabled}
          value={isEmpty(value) ? null : dayjs(Number(value))}
          onChange={(next) => onChange(next ? next.startOf('day').valueOf() : null)}
          data-testid={field.testId}
        />
      );
    case 'select':
      return (
        <div data-testid={field.testId}>
          <Select style={{ width: '100%' }} showSearch allowClear optionFilterProp="label" disabled={field.disabled} value={isEmpty(value) ? undefined : text} options={options} onChange={(next?: string) => onChange(next ?? null)} />
        </div>
      );
    case 'user':
      return (
        <div data-testid={field.testId}>
          <WidgetServicesContext.Provider value={platformWidgetServices}>
            <UserPicker fieldKey={field.name} value={isEmpty(value) ? undefined : text} disabled={field.disabled} onChange={(next) => onChange(typeof next === 'string' && next ? next : null)} />
          </WidgetServicesContext.Provider>
        </div>
      );
    default:
      return <Input maxLength={field.maxLength} value={text} disabled={field.disabled} onChange={(event) => onChange(event.target.value)} data-testid={field.testId} />;
  }
}
