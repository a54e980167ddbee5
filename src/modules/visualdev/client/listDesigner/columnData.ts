import type { FieldDefinition, FormDefinition } from '../../../../shared/form/definition.js';
import { flattenFields } from '../../../../shared/form/walkFields.js';

/**
 * The list half of a design in JNPF's columnData vocabulary (the shared fixtures *.list.json are its samples):
 * what the list designer edits and what the runtime page of a released design reads. Pure: every change is a
 * function from one columnData to the next, so the designer's undo is a stack of values and the tests need no DOM.
 */

/** 1 normal, 2 tree on the left + table, 3 grouped, 4 editable rows, 5 tree table (JNPF's numbers). */
export type ListType = 1 | 2 | 3 | 4 | 5;

/** 1 equals, 2 contains (fuzzy), 3 range (JNPF's searchType). */
export type SearchType = 1 | 2 | 3;

export type ColumnAlign = 'left' | 'center' | 'right';
export type ColumnFixed = 'none' | 'left' | 'right';

export interface DesignColumn {
  prop: string;
  label: string;
  align: ColumnAlign;
  width: number | null;
  sortable: boolean;
  fixed: ColumnFixed;
  jnpfKey?: string;
  __vModel__?: string;
  __config__?: FieldDefinition['__config__'];
  [extra: string]: unknown;
}

/** A search field is the form's field (so the search form renders it with the same widget) plus its searchType. */
export type DesignSearch = FieldDefinition & { prop: string; label: string; jnpfKey?: string; searchType: SearchType };

export interface DesignButton {
  value: string;
  label: string;
  icon?: string;
}

export interface ColumnData {
  type: ListType;
  columnList: DesignColumn[];
  searchList: DesignSearch[];
  btnsList: DesignButton[];
  columnBtnsList: DesignButton[];
  sortList: { label: string; prop: string }[];
  defaultSidx: string;
  sort: 'asc' | 'desc';
  hasPage: boolean;
  pageSize: number;
  /** type 3: the field rows are grouped by. */
  groupField: string;
  /** type 5: the field holding a row's parent id. */
  parentField: string;
  treeTitle: string;
  useColumnPermission: boolean;
  useFormPermission: boolean;
  useBtnPermission: boolean;
  useDataPermission: boolean;
  [extra: string]: unknown;
}

/** The buttons above the list (JNPF's values: download is export, upload is import). */
export const TOOLBAR_BUTTONS: readonly DesignButton[] = [
  { value: 'add', label: '新增', icon: 'el-icon-plus' },
  { value: 'download', label: '导出', icon: 'el-icon-download' },
  { value: 'upload', label: '导入', icon: 'el-icon-upload2' },
  { value: 'batchRemove', label: '批量删除', icon: 'el-icon-delete' },
  // JNPF's: prints the chosen rows with the form's print template (printId).
  { value: 'batchPrint', label: '批量打印', icon: 'el-icon-printer' },
];

/** The buttons on each row. */
export const ROW_BUTTONS: readonly DesignButton[] = [
  { value: 'edit', label: '编辑', icon: 'el-icon-edit' },
  { value: 'remove', label: '删除', icon: 'el-icon-delete' },
  { value: 'detail', label: '详情', icon: 'el-icon-tickets' },
];

/** The page sizes the designer offers; a stored design may hold any whole number up to MAX_PAGE_SIZE (JNPF's fixtures use 30). */
export const PAGE_SIZES = [10, 20, 30, 50, 100, 200, 500] as const;
export const MAX_PAGE_SIZE = 500;

export function defaultColumnData(): ColumnData {
  return {
    type: 1,
    columnList: [],
    searchList: [],
    btnsList: [{ ...TOOLBAR_BUTTONS[0] }],
    columnBtnsList: [{ ...ROW_BUTTONS[0] }, { ...ROW_BUTTONS[1] }],
    sortList: [],
    defaultSidx: '',
    sort: 'desc',
    hasPage: true,
    pageSize: 20,
    groupField: '',
    parentField: '',
    treeTitle: '',
    useColumnPermission: false,
    useFormPermission: false,
    useBtnPermission: false,
    useDataPermission: false,
  };
}

/** A form field the list can show or search: a value-holding field of the main table (not layout, not a sub-table). */
export interface ListableField {
  prop: string;
  label: string;
  jnpfKey: string;
  field: FieldDefinition;
}

/** Widgets that show nothing worth a column or a search (text blocks, buttons, dividers, links, alerts). */
const NOT_LISTABLE = new Set(['JNPFText', 'button', 'divider', 'link', 'alert', 'groupTitle', 'barcode', 'qrcode', 'iframe']);

export function listableFields(form: Pick<FormDefinition, 'fields'> | undefined): ListableField[] {
  if (!form) return [];
  return flattenFields(form.fields)
    .filter((node) => node.role === 'field' && node.field.__vModel__ && !NOT_LISTABLE.has(node.jnpfKey ?? ''))
    .map((node) => ({ prop: node.field.__vModel__!, label: String(node.config.label ?? node.field.__vModel__), jnpfKey: node.jnpfKey ?? 'comInput', field: node.field }));
}

/** Widgets whose values are numbers or moments: searched by range. */
const RANGE_KEYS = new Set(['numInput', 'date', 'time', 'createTime', 'modifyTime', 'calculate', 'rate', 'slider']);
/** Widgets typed as free text: searched by contains. */
const TEXT_KEYS = new Set(['comInput', 'textarea', 'billRule', 'editor']);

/** The searchType a field gets when it is added: range for numbers and dates, contains for text, else equals. */
export function defaultSearchType(jnpfKey: string): SearchType {
  if (RANGE_KEYS.has(jnpfKey)) return 3;
  if (TEXT_KEYS.has(jnpfKey)) return 2;
  return 1;
}

/** Which searchTypes make sense for a widget: range only for numbers and dates, contains only for text. */
export function allowedSearchTypes(jnpfKey: string): SearchType[] {
  if (RANGE_KEYS.has(jnpfKey)) return [1, 3];
  if (TEXT_KEYS.has(jnpfKey)) return [1, 2];
  return [1];
}

export function columnFrom(field: ListableField): DesignColumn {
  return { prop: field.prop, label: field.label, align: 'left', width: null, sortable: false, fixed: 'none', jnpfKey: field.jnpfKey, __vModel__: field.prop, __config__: field.field.__config__ };
}

export function searchFrom(field: ListableField, searchType = defaultSearchType(field.jnpfKey)): DesignSearch {
  return { ...field.field, prop: field.prop, label: field.label, jnpfKey: field.jnpfKey, searchType, __vModel__: field.prop, __config__: { ...field.field.__config__, required: false, regList: [] } };
}

/** Shows or hides a field's column; a new column goes last, a removed one stops being the default sort. */
export function toggleColumn(data: ColumnData, field: ListableField, on: boolean): ColumnData {
  const has = data.columnList.some((c) => c.prop === field.prop);
  if (on === has) return data;
  if (on) return { ...data, columnList: [...data.columnList, columnFrom(field)] };
  return {
    ...data,
    columnList: data.columnList.filter((c) => c.prop !== field.prop),
    sortList: data.sortList.filter((s) => s.prop !== field.prop),
    defaultSidx: data.defaultSidx === field.prop ? '' : data.defaultSidx,
  };
}

export function updateColumn(data: ColumnData, prop: string, change: Partial<Omit<DesignColumn, 'prop'>>): ColumnData {
  const columnList = data.columnList.map((c) => (c.prop === prop ? { ...c, ...change } : c));
  // The sortable columns are the list JNPF keeps as sortList.
  const sortList = columnList.filter((c) => c.sortable).map((c) => ({ label: c.label, prop: c.prop }));
  return { ...data, columnList, sortList };
}

/** Moves a column by `by` places (−1 left, +1 right), staying inside the list. */
export function moveColumn(data: ColumnData, prop: string, by: number): ColumnData {
  const from = data.columnList.findIndex((c) => c.prop === prop);
  const to = from + by;
  if (from < 0 || to < 0 || to >= data.columnList.length) return data;
  const columnList = [...data.columnList];
  const [moved] = columnList.splice(from, 1);
  columnList.splice(to, 0, moved);
  return { ...data, columnList };
}

export function toggleSearch(data: ColumnData, field: ListableField, on: boolean): ColumnData {
  const has = data.searchList.some((s) => s.prop === field.prop);
  if (on === has) return data;
  return { ...data, searchList: on ? [...data.searchList, searchFrom(field)] : data.searchList.filter((s) => s.prop !== field.prop) };
}

export function setSearchType(data: ColumnData, prop: string, searchType: SearchType): ColumnData {
  return { ...data, searchList: data.searchList.map((s) => (s.prop === prop ? { ...s, searchType } : s)) };
}

/** Turns a button on or off; buttons keep the catalogue's order whatever order they were switched on in. */
export function toggleButton(data: ColumnData, value: string, on: boolean): ColumnData {
  const row = ROW_BUTTONS.some((b) => b.value === value);
  const catalogue = row ? ROW_BUTTONS : TOOLBAR_BUTTONS;
  const key = row ? 'columnBtnsList' : 'btnsList';
  const current = data[key];
  const kept = current.filter((b) => b.value !== value);
  const next = on ? catalogue.filter((b) => b.value === value || kept.some((k) => k.value === b.value)).map((b) => kept.find((k) => k.value === b.value) ?? { ...b }) : kept;
  return { ...data, [key]: next };
}

/** Renames a button (its label shows on the page); its value, and so its permission code btn_{value}, stays. */
export function renameButton(data: ColumnData, value: string, label: string): ColumnData {
  const rename = (list: DesignButton[]) => list.map((b) => (b.value === value ? { ...b, label } : b));
  return { ...data, btnsList: rename(data.btnsList), columnBtnsList: rename(data.columnBtnsList) };
}

/**
 * Reads a stored columnData (an object or its JSON string, JNPF's or one of ours) into a complete one: absent
 * settings take their defaults, so a fixture written by JNPF's designer opens in ours.
 */
export function readColumnData(input: unknown): ColumnData {
  const raw = typeof input === 'string' ? (input.trim() ? (JSON.parse(input) as unknown) : {}) : input;
  const value = raw && typeof raw === 'object' ? (raw as Partial<ColumnData>) : {};
  const base = defaultColumnData();
  const columnList = (Array.isArray(value.columnList) ? value.columnList : []).map((c) => ({
    ...c,
    prop: String(c.prop ?? c.__vModel__ ?? ''),
    label: String(c.label ?? c.prop ?? ''),
    align: (['left', 'center', 'right'] as const).includes(c.align as ColumnAlign) ? (c.align as ColumnAlign) : 'left',
    width: typeof c.width === 'number' && c.width > 0 ? c.width : null,
    sortable: Boolean(c.sortable),
    fixed: (['left', 'right'] as const).includes(c.fixed as 'left') ? (c.fixed as ColumnFixed) : 'none',
  }));
  const searchList = (Array.isArray(value.searchList) ? value.searchList : []).map((s) => {
    const prop = String(s.prop ?? s.__vModel__ ?? '');
    const jnpfKey = String(s.jnpfKey ?? s.__config__?.jnpfKey ?? 'comInput');
    const searchType = [1, 2, 3].includes(Number(s.searchType)) ? (Number(s.searchType) as SearchType) : defaultSearchType(jnpfKey);
    return { ...s, prop, __vModel__: s.__vModel__ ?? prop, label: String(s.label ?? s.__config__?.label ?? prop), jnpfKey, searchType, __config__: s.__config__ ?? { jnpfKey, label: prop } };
  });
  const sortList = Array.isArray(value.sortList) ? value.sortList : columnList.filter((c) => c.sortable).map((c) => ({ label: c.label, prop: c.prop }));
  return {
    ...base,
    ...value,
    type: ([1, 2, 3, 4, 5] as const).includes(Number(value.type) as ListType) ? (Number(value.type) as ListType) : 1,
    columnList,
    searchList,
    btnsList: Array.isArray(value.btnsList) ? value.btnsList : base.btnsList,
    columnBtnsList: Array.isArray(value.columnBtnsList) ? value.columnBtnsList : base.columnBtnsList,
    sortList,
    defaultSidx: typeof value.defaultSidx === 'string' ? value.defaultSidx : '',
    sort: value.sort === 'asc' ? 'asc' : 'desc',
    hasPage: value.hasPage !== false,
    pageSize: Number.isInteger(value.pageSize) && Number(value.pageSize) > 0 ? Number(value.pageSize) : base.pageSize,
    groupField: typeof value.groupField === 'string' ? value.groupField : '',
    parentField: typeof value.parentField === 'string' ? value.parentField : '',
    treeTitle: typeof value.treeTitle === 'string' ? value.treeTitle : '',
  };
}

/** What the designer shows before saving, by problem code (translated by the screen) and where. */
export interface ListProblem {
  code: 'noColumns' | 'unknownField' | 'duplicateColumn' | 'rangeNotAllowed' | 'containsNotAllowed' | 'sortNotColumn' | 'treeNeedsParent' | 'groupNeedsField' | 'badPageSize' | 'badWidth';
  prop?: string;
}

/** A list design that would not work against its form: checked on save, so a broken list never reaches the menu. */
export function validateColumnData(data: ColumnData, fields: ListableField[]): ListProblem[] {
  const problems: ListProblem[] = [];
  const known = new Map(fields.map((f) => [f.prop, f]));
  if (data.columnList.length === 0) problems.push({ code: 'noColumns' });
  const seen = new Set<string>();
  for (const column of data.columnList) {
    if (!known.has(column.prop)) problems.push({ code: 'unknownField', prop: column.prop });
    if (seen.has(column.prop)) problems.push({ code: 'duplicateColumn', prop: column.prop });
    seen.add(column.prop);
    if (column.width !== null && (!Number.isFinite(column.width) || column.width < 40 || column.width > 2000)) problems.push({ code: 'badWidth', prop: column.prop });
  }
  for (const search of data.searchList) {
    const field = known.get(search.prop);
    if (!field) {
      problems.push({ code: 'unknownField', prop: search.prop });
      continue;
    }
    if (!allowedSearchTypes(field.jnpfKey).includes(search.searchType)) problems.push({ code: search.searchType === 3 ? 'rangeNotAllowed' : 'containsNotAllowed', prop: search.prop });
  }
  if (data.defaultSidx && !data.columnList.some((c) => c.prop === data.defaultSidx)) problems.push({ code: 'sortNotColumn', prop: data.defaultSidx });
  if (data.type === 5 && !known.has(data.parentField)) problems.push({ code: 'treeNeedsParent' });
  if (data.type === 3 && !known.has(data.groupField)) problems.push({ code: 'groupNeedsField' });
  if (data.hasPage && !(Number.isInteger(data.pageSize) && data.pageSize >= 1 && data.pageSize <= MAX_PAGE_SIZE)) problems.push({ code: 'badPageSize' });
  return problems;
}
