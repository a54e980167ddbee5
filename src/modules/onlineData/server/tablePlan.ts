import { createHash } from 'node:crypto';
import type { FieldDefinition, FormDefinition } from '../../../shared/form/definition.js';
import { BUILT_IN_STORED_VALUES, storedValueOfField } from '../../../shared/form/storedValues.js';
import { columnNodes, flattenFields, type FieldNode } from '../../../shared/form/walkFields.js';
import { AppError } from '../../../kernel/server/appError.js';
import { containsFields, type SearchedList } from './keywordSearch.js';

/**
 * The physical tables of a released online-development design (spec 001 §7 Online data): one main table, and one
 * child table per sub-table (jnpfKey `table`) holding its rows. Pure: the same design always gives the same plan,
 * so the release (ensureDataTables), the runtime and the code generator's DDL agree on every name and type.
 *
 * Names: every physical table starts with `vd_`, then the design's main table name (the JNPF `tables` list's main
 * entry, else the design's enCode), lower-cased and checked as an identifier; a child table is `<main>_<sub-table
 * tableName or __vModel__>`. A field's column is its __vModel__ lower-cased. Nothing from a design reaches SQL
 * without passing IDENTIFIER; anything that does not pass makes the design unreleasable, with a message naming it.
 */
export type ColumnType = 'text' | 'numeric' | 'timestamptz' | 'jsonb';

export interface PlannedColumn {
  /** The physical column (the field's __vModel__, lower-cased). */
  name: string;
  /** The form field's __vModel__ (the API's key). */
  field: string;
  jnpfKey: string;
  label: string;
  type: ColumnType;
}

export interface SystemColumn {
  name: string;
  /** A PostgreSQL type, as DDL writes it. */
  type: string;
  notNull?: boolean;
  primaryKey?: boolean;
  /** A child's foreign key: `references <main>(id) on delete cascade`. */
  references?: string;
  /** What it holds, for generated DDL comments and docs. */
  purpose: string;
}

export interface PlannedIndex {
  name: string;
  columns: readonly string[];
}

export interface PlannedTable {
  role: 'main' | 'child';
  name: string;
  /** A child table's sub-table __vModel__: the key its rows travel under in the API. */
  field?: string;
  label: string;
  /** A child table's column that holds its main row's id. */
  foreignKey?: string;
  system: readonly SystemColumn[];
  columns: readonly PlannedColumn[];
  indexes: readonly PlannedIndex[];
  /**
   * The text columns searched by "contains" (the keyword, searchType 2), each with a GIN index over its characters
   * and pairs (keywordSearch.ts). Apart from `indexes`: they need online data's search functions, which a generated
   * module's own DDL does not create. Absent from plans released before decision 224.
   */
  searchIndexes?: readonly PlannedIndex[];
}

export interface TablePlan {
  designId: string;
  main: PlannedTable;
  children: readonly PlannedTable[];
}

/**
 * A design as the visualdev module stores it (base_visual_dev row): form_data is JNPF's form definition (JSON text or
 * the object), column_data the list configuration, tables JNPF's table list (may be empty or absent).
 */
export interface DesignRecord {
  id: string;
  en_code: string;
  full_name?: string | null;
  form_data: unknown;
  column_data?: unknown;
  app_column_data?: unknown;
  tables?: unknown;
  web_type?: number | null;
  state?: number | null;
}

export const TABLE_PREFIX = 'vd_';
/** What a design may name a table or field: a letter, then letters, digits and underscores. */
export const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
const MAX_IDENTIFIER = 63;

/** The columns every main table has, beside the form's fields: the record's id, who and when, and data scope. */
export const MAIN_SYSTEM_COLUMNS: readonly SystemColumn[] = [
  { name: 'id', type: 'varchar(50)', primaryKey: true, notNull: true, purpose: 'record id' },
  { name: 'f_creator_user_id', type: 'varchar(50)', purpose: 'who created the record (data scope: own rows)' },
  { name: 'f_creator_time', type: 'timestamptz', notNull: true, purpose: 'when it was created (default order)' },
  { name: 'f_last_modify_user_id', type: 'varchar(50)', purpose: 'who changed it last' },
  { name: 'f_last_modify_time', type: 'timestamptz', purpose: 'when it was changed last' },
  { name: 'f_organize_id', type: 'varchar(50)', purpose: "the creator's organisation (data scope: organisations)" },
  { name: 'f_flow_id', type: 'varchar(50)', purpose: 'JNPF flow: the flow the record was submitted through (unused until flows exist)' },
  { name: 'f_flow_task_id', type: 'varchar(50)', purpose: 'JNPF flow: the flow task of the record (unused until flows exist)' },
];

export const FOREIGN_KEY = 'f_foreign_id';

const childSystemColumns = (main: string): SystemColumn[] => [
  { name: 'id', type: 'varchar(50)', primaryKey: true, notNull: true, purpose: 'row id' },
  { name: FOREIGN_KEY, type: 'varchar(50)', notNull: true, references: main, purpose: 'the main record this row belongs to' },
  { name: 'f_sort_code', type: 'integer', notNull: true, purpose: 'the row order within its record' },
];

const SYSTEM_NAMES = new Set([...MAIN_SYSTEM_COLUMNS.map((c) => c.name), ...childSystemColumns('x').map((c) => c.name)]);

/** Widgets whose value is a list or an object whatever their props say. */
const ALWAYS_JSON = new Set(['cascader', 'checkbox', 'dateRange', 'timeRange', 'numRange', 'uploadFz', 'uploadImg', 'address', 'comSelect', 'usersSelect']);
/** Single-valued pickers and options that become lists when `multiple` is on. */
const MAYBE_MULTIPLE = new Set(['select', 'treeSelect', 'depSelect', 'posSelect', 'userSelect', 'roleSelect', 'groupSelect', 'popupSelect', 'popupTableSelect', 'relationForm', 'dicSelect', 'billRuleSelect']);
const NUMERIC = new Set(['numInput', 'calculate', 'rate']);
const TIMESTAMP = new Set(['date', 'createTime', 'modifyTime']);

function isMultiple(field: FieldDefinition): boolean {
  return field.multiple === true || field.props?.props?.multiple === true || (field.__config__?.props as { multiple?: boolean } | undefined)?.multiple === true;
}

/**
 * The column type of a field: numbers numeric, dates timestamptz (the API keeps JNPF's milliseconds), lists and
 * multi-valued pickers jsonb, everything else text. Widgets the server does not know (an integrator's) are jsonb,
 * which stores any value faithfully.
 */
export function columnTypeOf(jnpfKey: string, field: FieldDefinition): ColumnType {
  if (NUMERIC.has(jnpfKey)) return 'numeric';
  if (TIMESTAMP.has(jnpfKey)) return 'timestamptz';
  if (ALWAYS_JSON.has(jnpfKey)) return 'jsonb';
  if (jnpfKey === 'slider') return field.range === true ? 'jsonb' : 'numeric';
  if (jnpfKey === 'switch') {
    // JNPF's switch stores 1/0 unless the designer chose other values; anything but numbers keeps its JSON type.
    const numbers = [field['active-value'] ?? field.activeValue ?? 1, field['inactive-value'] ?? field.inactiveValue ?? 0].every((v) => typeof v === 'number');
    return numbers ? 'numeric' : 'jsonb';
  }
  if (MAYBE_MULTIPLE.has(jnpfKey)) return isMultiple(field) ? 'jsonb' : 'text';
  const stored = BUILT_IN_STORED_VALUES[jnpfKey];
  if (!stored) return 'jsonb';
  if (stored.shape === 'string') return 'text';
  if (stored.shape === 'number') return 'numeric';
  if (stored.shape === 'array' || stored.shape === 'object') return 'jsonb';
  return 'text';
}

/** A name within PostgreSQL's 63 bytes: long ones keep their start and end in a short hash of the whole. */
export function boundedName(name: string): string {
  if (name.length <= MAX_IDENTIFIER) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, MAX_IDENTIFIER - 9)}_${hash}`;
}

function refuse(reason: string): never {
  throw AppError.badRequest('onlineData.designNotStorable', { reason });
}

function identifier(value: unknown, what: string): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) refuse(`${what}: ${String(value ?? '')}`);
  return value.toLowerCase();
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** The design's form definition, from its stored JSON text or object; refused when it is none. */
export function formDefinitionOf(design: Pick<DesignRecord, 'form_data'>): FormDefinition {
  const value = parseJson(design.form_data) as FormDefinition | undefined;
  if (!value || typeof value !== 'object' || !Array.isArray(value.fields)) refuse('formData');
  return value;
}

interface JnpfTableEntry {
  table?: unknown;
  typeId?: unknown;
}

/** The main table's name: JNPF's table list names it (typeId "1"), else the design's enCode. */
function mainTableName(design: DesignRecord): string {
  const tables = parseJson(design.tables);
  const main = Array.isArray(tables) ? (tables as JnpfTableEntry[]).find((t) => t && String(t.typeId) === '1') : undefined;
  const base = main && typeof main.table === 'string' && main.table ? main.table : design.en_code;
  return TABLE_PREFIX + identifier(base, 'table');
}

function columnsOf(nodes: readonly FieldNode[], where: string): PlannedColumn[] {
  const columns: PlannedColumn[] = [];
  const seen = new Set<string>();
  for (const node of nodes) {
    const key = node.field.__vModel__;
    if (!key || !node.jnpfKey || node.role !== 'field') continue;
    const stored = storedValueOfField(node.jnpfKey, node.field);
    if (stored && !stored.storesValue) continue;
    const name = identifier(key, `${where}field`);
    // A field named id (JNPF forms over existing tables show the primary key) is the record's id, not a column.
    if (name === 'id') continue;
    if (name.length > MAX_IDENTIFIER) refuse(`${where}field: ${key}`);
    if (SYSTEM_NAMES.has(name)) refuse(`${where}field: ${key}`);
    if (seen.has(name)) refuse(`${where}field: ${key}`);
    seen.add(name);
    columns.push({ name, field: key, jnpfKey: node.jnpfKey, label: String(node.config.label ?? key), type: columnTypeOf(node.jnpfKey, node.field) });
  }
  return columns;
}

interface ListConfig extends SearchedList {
  searchList?: { __vModel__?: unknown; prop?: unknown; isKeyword?: unknown; searchType?: unknown }[];
  columnList?: { prop?: unknown; __vModel__?: unknown; sortable?: unknown }[];
  defaultSidx?: unknown;
}

const listConfigOf = (design: DesignRecord) => (parseJson(design.column_data) ?? {}) as ListConfig;

/**
 * Indexes the list needs: the default order (creation time), owner and organisation (data scope), and every
 * field the list searches or sorts by, so a filtered, sorted page over many rows reads an index, not the table.
 */
function mainIndexes(table: string, columns: readonly PlannedColumn[], design: DesignRecord): PlannedIndex[] {
  const list = listConfigOf(design);
  const byField = new Map(columns.map((c) => [c.field, c]));
  const wanted = new Set<string>();
  const want = (field: unknown) => {
    const column = typeof field === 'string' ? byField.get(field) : undefined;
    // jsonb columns hold lists: a btree over them serves no search the list makes.
    if (column && column.type !== 'jsonb') wanted.add(column.name);
  };
  for (const search of Array.isArray(list.searchList) ? list.searchList : []) want(search?.__vModel__ ?? search?.prop);
  for (const column of Array.isArray(list.columnList) ? list.columnList : []) if (column?.sortable === true) want(column.prop ?? column.__vModel__);
  want(list.defaultSidx);
  const indexes: PlannedIndex[] = [
    { name: boundedName(`${table}_created_idx`), columns: ['f_creator_time'] },
    { name: boundedName(`${table}_creator_idx`), columns: ['f_creator_user_id'] },
    { name: boundedName(`${table}_organize_idx`), columns: ['f_organize_id'] },
  ];
  for (const name of [...wanted].sort()) indexes.push({ name: boundedName(`${table}_${name}_idx`), columns: [name] });
  return indexes;
}

/** The gram indexes of the text columns the list searches by "contains" (keywordSearch.ts). */
function searchIndexes(table: string, columns: readonly PlannedColumn[], design: DesignRecord): PlannedIndex[] {
  const list = listConfigOf(design);
  const byField = new Map(columns.map((c) => [c.field, c]));
  const names = new Set<string>();
  for (const field of containsFields({ searchList: Array.isArray(list.searchList) ? list.searchList : [], columnList: Array.isArray(list.columnList) ? list.columnList : [] })) {
    const column = byField.get(field);
    if (column?.type === 'text') names.add(column.name);
  }
  return [...names].sort().map((name) => ({ name: boundedName(`${table}_${name}_search_idx`), columns: [name] }));
}

/** The physical tables of a design: pure, deterministic, refusing (onlineData.designNotStorable) what cannot be stored. */
export function tablePlan(design: DesignRecord): TablePlan {
  const definition = formDefinitionOf(design);
  const main = mainTableName(design);
  if (main.length > MAX_IDENTIFIER - 16) refuse(`table: ${main}`);
  const nodes = flattenFields(definition.fields);
  const mainColumns = columnsOf(nodes, '');
  const children: PlannedTable[] = [];
  const childNames = new Set<string>();
  const subTableKeys = new Set<string>();
  for (const node of nodes) {
    if (node.role !== 'subTable') continue;
    const key = node.field.__vModel__;
    if (!key) refuse(`sub-table: ${node.path}`);
    identifier(key, 'sub-table');
    if (mainColumns.some((c) => c.field.toLowerCase() === key.toLowerCase()) || subTableKeys.has(key.toLowerCase())) refuse(`sub-table: ${key}`);
    subTableKeys.add(key.toLowerCase());
    const own = typeof node.config.tableName === 'string' && node.config.tableName ? node.config.tableName : key;
    const name = boundedName(`${main}_${identifier(own, 'sub-table')}`);
    if (childNames.has(name)) refuse(`sub-table: ${own}`);
    childNames.add(name);
    children.push({
      role: 'child',
      name,
      field: key,
      label: String(node.config.label ?? key),
      foreignKey: FOREIGN_KEY,
      system: childSystemColumns(main),
      columns: columnsOf(columnNodes(node), `${key}.`),
      indexes: [{ name: boundedName(`${name}_parent_idx`), columns: [FOREIGN_KEY, 'f_sort_code'] }],
    });
  }
  return {
    designId: design.id,
    main: {
      role: 'main',
      name: main,
      label: String(design.full_name ?? design.en_code),
      system: MAIN_SYSTEM_COLUMNS,
      columns: mainColumns,
      indexes: mainIndexes(main, mainColumns, design),
      searchIndexes: searchIndexes(main, mainColumns, design),
    },
    children,
  };
}
