import dayjs from 'dayjs';
import type { Kysely } from 'kysely';
import type { FieldDefinition, OptionItem } from '../../../shared/form/definition.js';
import { interfaceParams, type InterfaceParam } from '../../../shared/form/interfaceParams.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { OnlineModel } from './model.js';
import type { PlannedColumn } from './tablePlan.js';

/**
 * What stored values read as (JNPF's "data change", spec 001 §7): ids of users, organisations, positions, roles,
 * groups, dictionary entries, areas and other designs' records become their names; options their labels; dates
 * their format; switches their texts; uploads their file names. Names are looked up in one query per kind for a
 * whole page, so a list of any size costs a handful of queries; bill-rule template pickers show the rule's name.
 * Relation forms, popup selects and selects whose options come from a data interface (dataType dynamic) show the
 * label of the row their stored value points at, looked up by that value (never by scanning the source's first
 * page): one call per field for the whole page (JNPF's OnlineSwapDataUtils does the same by InfoByIds).
 */
type Row = Record<string, unknown>;
type Lookup = (ids: string[]) => Promise<Map<string, string>>;

const LOOKUP_KEYS: Record<string, string> = {
  userSelect: 'user', usersSelect: 'user', createUser: 'user', modifyUser: 'user',
  depSelect: 'organize', comSelect: 'organize', currOrganize: 'organize', currDept: 'organize',
  posSelect: 'position', currPosition: 'position', roleSelect: 'role', groupSelect: 'group', address: 'area',
  billRuleSelect: 'billRule',
};

function lookups(db: Kysely<DB>): Record<string, Lookup> {
  const names = async (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
  return {
    user: async (ids) => names((await db.selectFrom('base_user').select(['id', 'real_name', 'account']).where('id', 'in', ids).execute()).map((u) => ({ id: u.id, name: `${u.real_name}/${u.account}` }))),
    organize: async (ids) => names(await db.selectFrom('base_organize').select(['id', 'full_name as name']).where('id', 'in', ids).execute()),
    position: async (ids) => names(await db.selectFrom('base_position').select(['id', 'full_name as name']).where('id', 'in', ids).execute()),
    role: async (ids) => names(await db.selectFrom('base_role').select(['id', 'full_name as name']).where('id', 'in', ids).execute()),
    group: async (ids) => names(await db.selectFrom('base_group').select(['id', 'full_name as name']).where('id', 'in', ids).execute()),
    area: async (ids) => names(await db.selectFrom('base_area').select(['id', 'full_name as name']).where('id', 'in', ids).execute()),
    // A bill-rule template picker stores the rule's id (JNPF) or, in older definitions, its code: either names it.
    billRule: async (ids) =>
      new Map((await db.selectFrom('base_bill_rule').select(['id', 'en_code', 'full_name']).where((eb) => eb.or([eb('id', 'in', ids), eb('en_code', 'in', ids)])).execute()).flatMap((r) => [[r.id, r.full_name], [r.en_code, r.full_name]] as [string, string][])),
  };
}

/** The ids a value holds: a single id, a list, or (cascading pickers) a list of paths whose last id is the pick. */
function idsOf(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap((v) => (Array.isArray(v) ? idsOf(v.at(-1)) : idsOf(v)));
  return typeof value === 'object' ? [] : [String(value)];
}

function optionLabels(field: FieldDefinition): Map<string, string> {
  const props = field.props?.props ?? field.__config__?.props ?? {};
  const valueKey = props.value ?? 'id';
  const labelKey = props.label ?? 'fullName';
  const labels = new Map<string, string>();
  const walk = (options: OptionItem[] | undefined) => {
    for (const option of options ?? []) {
      if (!option || typeof option !== 'object') continue;
      labels.set(String(option[valueKey]), String(option[labelKey] ?? option[valueKey]));
      if (Array.isArray(option.children)) walk(option.children);
    }
  };
  walk(field.__slot__?.options ?? field.options ?? (field.__config__?.options as OptionItem[] | undefined));
  return labels;
}

function javaToDayjs(format: string): string {
  return format.replace(/yyyy/g, 'YYYY').replace(/dd/g, 'DD');
}

function joinLabels(value: unknown, label: (id: string) => string | undefined): string {
  if (Array.isArray(value)) {
    return value.map((v) => (Array.isArray(v) ? v.map((x) => label(String(x)) ?? String(x)).join('/') : label(String(v)) ?? String(v))).join(',');
  }
  return label(String(value)) ?? String(value);
}

interface FieldOf {
  column: PlannedColumn;
  field: FieldDefinition;
}

/** The fields of a table by __vModel__, with their definitions, for a table of the plan. */
function definitionsOf(model: OnlineModel): Map<string, FieldDefinition> {
  const found = new Map<string, FieldDefinition>();
  const walk = (fields: unknown, prefix: string) => {
    if (!Array.isArray(fields)) return;
    for (const field of fields as FieldDefinition[]) {
      if (!field || typeof field !== 'object') continue;
      const key = field.__vModel__;
      const jnpfKey = field.__config__?.jnpfKey;
      if (key && (jnpfKey === 'table' || jnpfKey === 'childTable')) walk(field.__config__?.children, `${key}.`);
      else if (Array.isArray(field.__config__?.children)) walk(field.__config__.children, prefix);
      else if (key) found.set(`${prefix}${key}`, field);
    }
  };
  walk(model.definition.fields, '');
  return found;
}

const POPUPS = new Set(['popupSelect', 'popupTableSelect']);
const OPTION_WIDGETS = new Set(['select', 'radio', 'checkbox', 'cascader', 'treeSelect']);
const text = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The data interface a field reads its rows from, the row field its value is stored from, and the one shown. */
function interfaceOf(field: FieldDefinition, jnpfKey: string): { interfaceId: string; valueKey: string; labelKey: string; paramList: InterfaceParam[] } | undefined {
  const config = field.__config__ ?? {};
  const paramList = interfaceParams(config.templateJson ?? field.templateJson);
  if (POPUPS.has(jnpfKey)) {
    const interfaceId = typeof field.interfaceId === 'string' ? field.interfaceId : '';
    if (!interfaceId) return undefined;
    return { interfaceId, valueKey: String(field.propsValue || 'id'), labelKey: String(field.relationField || 'fullName'), paramList };
  }
  if (OPTION_WIDGETS.has(jnpfKey) && config.dataType === 'dynamic') {
    const interfaceId = (typeof config.propsUrl === 'string' && config.propsUrl) || (typeof field.interfaceId === 'string' ? field.interfaceId : '');
    // Selects whose propsUrl is one of the platform's own paths (screens) are not interfaces.
    if (!interfaceId || interfaceId.startsWith('/')) return undefined;
    const props = field.props?.props ?? field.__config__?.props ?? {};
    return { interfaceId, valueKey: String(props.value ?? 'id'), labelKey: String(props.label ?? 'fullName'), paramList };
  }
  return undefined;
}

/** Labels by stored value of the fields that point at rows elsewhere (relation form, popups, dynamic selects): one read per field. */
async function pointedLabels(field: FieldDefinition, jnpfKey: string, ids: string[], readers: LabelReaders): Promise<Map<string, string> | undefined> {
  const unique = [...new Set(ids)];
  const source = interfaceOf(field, jnpfKey);
  if (source) {
    if (unique.length === 0) return new Map();
    const rows = await readers.interfaceRows({ interfaceId: source.interfaceId, field: source.valueKey, values: unique, paramList: source.paramList });
    return new Map(rows.map((row) => [text(row[source.valueKey]), text(row[source.labelKey] ?? row[source.valueKey])]));
  }
  // Relation forms, and popups over another design's records (modelId), store that record's id.
  if (jnpfKey === 'relationForm' || (POPUPS.has(jnpfKey) && typeof field.modelId === 'string' && field.modelId)) return readers.relation(field, unique);
  return undefined;
}

async function convertRows(db: Kysely<DB>, rows: Row[], fields: FieldOf[], readers: LabelReaders): Promise<void> {
  const byKind = new Map<string, Set<string>>();
  const dictionaryIds = new Set<string>();
  for (const { column, field } of fields) {
    const kind = LOOKUP_KEYS[column.jnpfKey];
    const isDictionary = field.__config__?.dataType === 'dictionary' || column.jnpfKey === 'dicSelect';
    for (const row of rows) {
      const ids = idsOf(row[column.field]);
      if (kind) ids.forEach((id) => (byKind.get(kind) ?? byKind.set(kind, new Set()).get(kind)!).add(id));
      if (isDictionary) ids.forEach((id) => dictionaryIds.add(id));
    }
  }
  const resolved = new Map<string, Map<string, string>>();
  const all = lookups(db);
  for (const [kind, ids] of byKind) if (ids.size) resolved.set(kind, await all[kind]([...ids]));
  const dictionary = dictionaryIds.size
    ? new Map(
        [
          ...(await db.selectFrom('base_dictionary_data').select(['id', 'en_code', 'full_name']).where((eb) => eb.or([eb('id', 'in', [...dictionaryIds]), eb('en_code', 'in', [...dictionaryIds])])).execute()).flatMap((d) => [
            [d.id, d.full_name],
            [d.en_code, d.full_name],
          ]),
          // A dictionary picker with no category chosen stores a category.
          ...(await db.selectFrom('base_dictionary_type').select(['id', 'full_name']).where('id', 'in', [...dictionaryIds]).execute()).map((t) => [t.id, t.full_name]),
        ] as [string, string][],
      )
    : new Map<string, string>();

  for (const { column, field } of fields) {
    const key = column.field;
    const kind = LOOKUP_KEYS[column.jnpfKey];
    const config = field.__config__ ?? {};
    const options = OPTION_WIDGETS.has(column.jnpfKey) && config.dataType !== 'dictionary' && config.dataType !== 'dynamic' ? optionLabels(field) : undefined;
    const pointed = kind ? undefined : await pointedLabels(field, column.jnpfKey, rows.flatMap((r) => idsOf(r[key])), readers);
    for (const row of rows) {
      const value = row[key];
      if (value === null || value === undefined || value === '') continue;
      let shown: unknown = value;
      if (kind) shown = joinLabels(value, (id) => resolved.get(kind)?.get(id));
      else if (config.dataType === 'dictionary' || column.jnpfKey === 'dicSelect') shown = joinLabels(value, (id) => dictionary.get(id));
      else if (options) shown = joinLabels(value, (id) => options.get(id));
      else if (pointed) shown = joinLabels(value, (id) => pointed.get(id));
      else if (column.jnpfKey === 'switch') shown = value === (field['active-value'] ?? field.activeValue ?? 1) ? String(field.activeTxt ?? '开') : String(field.inactiveTxt ?? '关');
      else if (column.type === 'timestamptz' && typeof value === 'number') shown = dayjs(value).format(javaToDayjs(String(field.format ?? 'yyyy-MM-dd HH:mm:ss')));
      else if ((column.jnpfKey === 'uploadFz' || column.jnpfKey === 'uploadImg') && Array.isArray(value)) shown = value.map((f) => (f && typeof f === 'object' ? String((f as Row).name ?? '') : String(f))).join(',');
      else if (Array.isArray(value)) shown = value.join(',');
      if (shown !== value) {
        row[`${key}_id`] = value;
        row[key] = shown;
      }
    }
  }
}

/** Labels of other designs' records for relation-form fields (modelId + relationField), one query per field. */
export type RelationReader = (field: FieldDefinition, ids: string[]) => Promise<Map<string, string>>;

/** Where labels of values that point at rows elsewhere come from: other designs' records, and data interfaces by value. */
export interface LabelReaders {
  relation: RelationReader;
  interfaceRows: (call: { interfaceId: string; field: string; values: string[]; paramList: InterfaceParam[] }) => Promise<Row[]>;
}

/**
 * Rows (main values, and sub-table rows under their field) with display values in place; each converted field's
 * stored value is kept beside it as `<field>_id`, as JNPF's lists answer.
 */
export async function withDisplayValues(db: Kysely<DB>, model: OnlineModel, rows: Row[], readers: LabelReaders): Promise<Row[]> {
  const definitions = definitionsOf(model);
  const mainFields = model.plan.main.columns.map((column) => ({ column, field: definitions.get(column.field) })).filter((f): f is FieldOf => Boolean(f.field));
  await convertRows(db, rows, mainFields, readers);
  for (const child of model.plan.children) {
    if (!child.field) continue;
    const childRows = rows.flatMap((r) => (Array.isArray(r[child.field!]) ? (r[child.field!] as Row[]) : []));
    if (childRows.length === 0) continue;
    const childFields = child.columns.map((column) => ({ column, field: definitions.get(`${child.field}.${column.field}`) })).filter((f): f is FieldOf => Boolean(f.field));
    await convertRows(db, childRows, childFields, readers);
  }
  // Who and when of the record itself.
  const creators = [...new Set(rows.map((r) => r.creatorUserId).filter((v): v is string => typeof v === 'string'))];
  if (creators.length) {
    const users = await lookups(db).user(creators);
    for (const row of rows) if (typeof row.creatorUserId === 'string') row.creatorUser = users.get(row.creatorUserId) ?? row.creatorUserId;
  }
  return rows;
}
