import type { FieldDefinition, FormDefinition } from '../../../../shared/form/definition.js';
import { readFormDefinition } from '../../../../shared/form/definition.js';
import { flattenFields } from '../../../../shared/form/walkFields.js';
import { SYSTEM_WIDGETS } from '../../../../shared/form/jnpfKeys.js';
import type { PageNodeSpec, ScreenButton, ScreenCall } from '../../../../kernel/client/runtime/page/screen.js';
import { ROW_BUTTONS, TOOLBAR_BUTTONS, readColumnData, type ColumnData, type DesignSearch } from '../../../visualdev/client/public.js';

/**
 * The runtime page of a released design, as a screen document: GET /api/visualdev/OnlineDev/{id}/Config gives
 * the design (formData and columnData, objects or JSON strings as JNPF stores them) and this turns it into a
 * screen whose body is an `onlineDevList` node. Pure, so what a design becomes is tested without a browser, and
 * the document is checked against the page meta-schema like every shipped screen.
 */
export interface OnlineConfig {
  id: string;
  fullName?: string;
  enCode?: string;
  webType?: number;
  formData?: unknown;
  columnData?: unknown;
}

/** The calls of a released design, JNPF's paths (spec 001 §7 Online data), filled from {moduleId} and {id}. */
export function onlineCalls(): Record<'list' | 'info' | 'create' | 'update' | 'remove' | 'batchRemove' | 'export', ScreenCall> {
  const base = '/visualdev/OnlineDev/{moduleId}';
  return {
    list: { url: `${base}/List`, method: 'POST', body: { currentPage: '{page.currentPage}', pageSize: '{page.pageSize}', sidx: '{sort.sidx}', sort: '{sort.sort}', queryJson: '{queryJson}', superQueryJson: '{superQueryJson}', menuId: '{menuId}', dataType: 0 } },
    info: { url: `${base}/{id}` },
    create: { url: base, method: 'POST' },
    update: { url: `${base}/{id}`, method: 'PUT' },
    remove: { url: `${base}/{id}`, method: 'DELETE' },
    batchRemove: { url: '/visualdev/OnlineDev/batchDelete/{moduleId}', method: 'POST' },
    export: { url: `${base}/Actions/Export`, method: 'POST', body: { dataType: 1, queryJson: '{queryJson}', superQueryJson: '{superQueryJson}', menuId: '{menuId}' } },
  };
}

/** searchType 3 searches between two values: the field's range widget takes its place in the search form. */
const RANGE_WIDGET: Record<string, string> = { date: 'dateRange', createTime: 'dateRange', modifyTime: 'dateRange', numInput: 'numRange', calculate: 'numRange', rate: 'numRange', slider: 'numRange', time: 'timeRange' };

export function searchField(search: DesignSearch, formField?: FieldDefinition): FieldDefinition {
  // JNPF's list designer copies the whole form field into a search item; lists written by hand or by older
  // versions keep only prop, label and jnpfKey (fixtures/jnpf/requisition-subtable.list.json). The form's field of
  // the same name lies under the item, so such an item has its options, dictionary and props, or a radio or select
  // would offer nothing; what the item says itself wins.
  // Widgets the server fills (a bill number, the creator, the organisation) show a value and take no typing: a
  // search item keeps its own widget, or a text box, for those.
  const base = formField && !SYSTEM_WIDGETS.has(String(formField.__config__?.jnpfKey)) ? formField : undefined;
  const { searchType, prop, label, ...field } = search;
  const jnpfKey = String(search.__config__?.jnpfKey ?? search.jnpfKey ?? base?.__config__?.jnpfKey ?? 'comInput');
  const config = { ...base?.__config__, ...search.__config__, jnpfKey, label, required: false, regList: [], defaultValue: undefined, span: 6 };
  const definition: FieldDefinition = { ...base, ...field, __vModel__: prop, __config__: config, disabled: false, readonly: false };
  if (searchType === 3 && RANGE_WIDGET[jnpfKey]) {
    definition.__config__ = { ...config, jnpfKey: RANGE_WIDGET[jnpfKey] };
    if (RANGE_WIDGET[jnpfKey] === 'dateRange') definition.type = 'daterange';
  }
  return definition;
}

/**
 * Search values as JNPF's queryJson (a JSON string), empty values left out. Only values travel: the server reads
 * each field's searchType (equals, contains, range) from the released design, never from the client.
 */
export function queryJsonOf(values: Record<string, unknown>): string {
  const kept = Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.every((v) => v === null || v === undefined || v === '')));
  return JSON.stringify(Object.fromEntries(kept));
}

/** A button stored without a label (a design written through the API) shows the label the list designer gives it. */
const catalogueLabel = (value: string) => [...TOOLBAR_BUTTONS, ...ROW_BUTTONS].find((b) => b.value === value)?.label ?? value;
const buttonsOf = (list: { value: string; label: string }[]): ScreenButton[] => list.map((b) => ({ value: b.value, label: b.label || catalogueLabel(b.value) }));

export interface OnlineListNode extends PageNodeSpec {
  type: 'onlineDevList';
  title: string;
  columnData: ColumnData;
  searchFields: FieldDefinition[];
  formData: FormDefinition;
  toolbar: ScreenButton[];
  rowButtons: ScreenButton[];
  api: ReturnType<typeof onlineCalls>;
}

/** A design whose form cannot be read yields an error with the reason, never a half-built page. */
export function generateScreen(config: OnlineConfig): { screen: string; title: string; body: OnlineListNode } {
  const formData = readFormDefinition(config.formData ?? { fields: [] });
  const columnData = readColumnData(config.columnData ?? {});
  const title = config.fullName ?? '';
  const formFieldsByName = new Map(flattenFields(formData.fields).flatMap((node) => (node.field.__vModel__ && !node.table ? [[node.field.__vModel__, node.field] as const] : [])));
  return {
    screen: `model/${config.enCode ?? config.id}`,
    title,
    body: {
      type: 'onlineDevList',
      title,
      columnData,
      searchFields: columnData.searchList.map((search) => searchField(search, formFieldsByName.get(search.prop))),
      formData,
      toolbar: buttonsOf(columnData.btnsList),
      rowButtons: buttonsOf(columnData.columnBtnsList),
      api: onlineCalls(),
    },
  };
}

/** JNPF answers a record as {id, data: "<JSON of the values>"}; the values, whichever way they came. */
export function recordValues(answer: unknown): Record<string, unknown> {
  if (!answer || typeof answer !== 'object') return {};
  const { data, ...rest } = answer as { data?: unknown };
  if (typeof data === 'string') {
    try {
      const parsed = JSON.parse(data) as unknown;
      if (parsed && typeof parsed === 'object') return { ...(parsed as Record<string, unknown>), ...(rest as Record<string, unknown>) };
    } catch {
      return rest as Record<string, unknown>;
    }
  }
  if (data && typeof data === 'object' && !Array.isArray(data)) return { ...(data as Record<string, unknown>), ...(rest as Record<string, unknown>) };
  return answer as Record<string, unknown>;
}

/** Groups a page's rows by a field for a grouped list (type 3): one parent row per value, the rows below it. */
export function groupRows(rows: Record<string, unknown>[], field: string, emptyLabel: string, key = 'id'): Record<string, unknown>[] {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const value = row[field];
    const label = value === undefined || value === null || value === '' ? emptyLabel : String(value);
    groups.set(label, [...(groups.get(label) ?? []), row]);
  }
  return [...groups].map(([label, children]) => ({ [key]: `group:${label}`, [field]: label, top: true, children }));
}
