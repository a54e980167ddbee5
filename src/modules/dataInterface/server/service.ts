import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { NAME_MAX_LENGTH, PAGINATION } from '../../../shared/constants.js';
import { entryCodeById } from '../../dictionary/server/public.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { namedRecordColumns } from '../../../kernel/server/crud/namedRecord.js';
import { assertCodeFree, withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { toggleEnabled } from '../../../kernel/server/crud/toggleEnabled.js';
import { pickerView } from '../../../kernel/server/plugins/permission.js';
import { checkConfigForType, parseDataConfig, parseFields, parseParameters, type InterfaceParameter, type NameValue } from './interfaceConfig.js';
import type { DataInterfaceTable } from './tables.js';

/**
 * Data interfaces as records (spec 000 §7, JNPF's DataInterfaceController): list, selector, create, update,
 * delete, state, copy, export. Running them is runInterface.ts; the call log is callLog.ts.
 */
type Db = Kysely<DB> | Transaction<DB>;
type Record_ = Selectable<DataInterfaceTable>;

export interface DataInterfaceInput {
  category?: string | null;
  fullName: string;
  enCode: string;
  type: number | string;
  action?: number | string | null;
  hasPage?: number | string | null;
  dataConfigJson?: string | null;
  parameterJson?: string | null;
  /** The admin screen's form sends the parts of dataConfigJson and parameterJson as fields of their own. */
  staticData?: string | null;
  sql?: string | null;
  apiMethod?: string | number | null;
  apiUrl?: string | null;
  parameterList?: InterfaceParameter[] | null;
  fieldJson?: string | null;
  sortCode?: number | string | null;
  enabledMark?: number;
  description?: string | null;
}

const nameOf = (names: Map<string, string>, id: string | null) => (id && names.get(id)) || null;

/** The form's flat fields, read out of the stored JSON (a record whose JSON does not parse shows them empty). */
function formFields(row: Record_) {
  let config: ReturnType<typeof parseDataConfig> = {};
  let parameterList: InterfaceParameter[] = [];
  try {
    config = parseDataConfig(row.data_config_json);
    parameterList = parseParameters(row.parameter_json);
  } catch {
    // Shown as stored in dataConfigJson and parameterJson.
  }
  return {
    staticData: config.staticData ?? '',
    sql: config.sqlData?.sql ?? '',
    apiMethod: config.apiData?.method !== undefined ? String(config.apiData.method).toUpperCase() : 'GET',
    apiUrl: config.apiData?.url ?? '',
    parameterList,
  };
}

export function view(row: Record_, names: Map<string, string> = new Map()) {
  return {
    ...formFields(row),
    id: row.id,
    category: row.category,
    fullName: row.full_name,
    enCode: row.en_code,
    type: row.type,
    action: row.action,
    hasPage: row.has_page,
    dataConfigJson: row.data_config_json,
    parameterJson: row.parameter_json,
    fieldJson: row.field_json,
    sortCode: row.sort_code,
    enabledMark: row.enabled_mark,
    description: row.description,
    creatorTime: row.created_at,
    creatorUser: nameOf(names, row.creator_user_id),
    lastModifyTime: row.last_modify_time,
    lastModifyUser: nameOf(names, row.last_modify_user_id),
  };
}

/** The names of the users who wrote a page of records, in one query. */
async function userNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return new Map();
  const users = await db.selectFrom('base_user').select(['id', 'real_name', 'account']).where('id', 'in', wanted).execute();
  return new Map(users.map((user) => [user.id, `${user.real_name}/${user.account}`]));
}

/** dataConfigJson from the form's fields, in JNPF's shape; the type decides which part is used. */
function configFromFields(input: DataInterfaceInput): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return JSON.stringify({
    staticData: text(input.staticData),
    sqlData: { sql: text(input.sql) },
    apiData: { method: text(input.apiMethod !== undefined && input.apiMethod !== null ? String(input.apiMethod) : 'GET') || 'GET', url: text(input.apiUrl), header: [], query: [] },
  });
}

/** The dictionary interface categories come from: JNPF's DataInterfaceType (its fixed type id in 3.4's calls). */
export const INTERFACE_CATEGORY_DICTIONARY = 'DataInterfaceType';

/** JNPF clients choose a category by its dictionary entry's id; ours by its code, or free text. The code is kept. */
async function interfaceCategoryCode(db: Db, value: string): Promise<string> {
  return value ? ((await entryCodeById(db, INTERFACE_CATEGORY_DICTIONARY, value)) ?? value) : value;
}

function validate(input: DataInterfaceInput) {
  const named = namedRecordColumns(input, {
    name: { required: 'dataInterface.nameRequired', tooLong: 'dataInterface.nameTooLong' },
    code: { required: 'dataInterface.codeRequired', tooLong: 'dataInterface.codeTooLong' },
  });
  const type = Number(input.type);
  const category = typeof input.category === 'string' ? input.category.trim() : '';
  if ([...category].length > NAME_MAX_LENGTH) throw AppError.badRequest('dataInterface.categoryTooLong');
  // The form's fields win when present: an edit form may also carry the stored dataConfigJson it was filled from.
  const fromFields = ['staticData', 'sql', 'apiUrl'].some((name) => typeof input[name as keyof DataInterfaceInput] === 'string');
  const dataConfigJson = fromFields ? configFromFields(input) : typeof input.dataConfigJson === 'string' ? input.dataConfigJson : '';
  checkConfigForType(type, parseDataConfig(dataConfigJson));
  const parameters = parseParameters(Array.isArray(input.parameterList) ? JSON.stringify(input.parameterList) : input.parameterJson);
  parseFields(input.fieldJson);
  return {
    ...named,
    category,
    type,
    action: 3,
    has_page: Number(input.hasPage) === 1 ? 1 : 0,
    data_config_json: dataConfigJson,
    parameter_json: JSON.stringify(parameters),
    field_json: input.fieldJson?.trim() ? input.fieldJson : '[]',
  };
}

export const dataInterfaceListSpec: ListSpec = {
  keywordColumns: ['full_name', 'en_code'],
  sortable: { fullName: 'full_name', enCode: 'en_code', type: 'type', sortCode: 'sort_code', creatorTime: 'created_at', enabledMark: 'enabled_mark' },
  defaultOrder: [['sort_code', 'asc'], ['created_at', 'desc']],
  filters: { category: { column: 'category', searchType: 1 }, type: { column: 'type', searchType: 1 }, enabledMark: { column: 'enabled_mark', searchType: 1 } },
};

/**
 * A page of interfaces. `onlyEnabled` is the pickers' list; `asPicker` answers each its picker view only, for a
 * caller who may not edit interfaces: their SQL, addresses and headers are the editors' (permission.ts).
 */
export async function listDataInterfaces(db: Db, params: ListParams, options: { onlyEnabled?: boolean; asPicker?: boolean } = {}) {
  // JNPF 3.6 filters by category, 3.4 by categoryId; both send a DataInterfaceType entry's id, the rows keep its code.
  const category = (params.category || params.categoryId) as string | undefined;
  const query = { ...params, category: category ? await interfaceCategoryCode(db, category) : undefined };
  let base = db.selectFrom('base_data_interface').selectAll();
  if (options.onlyEnabled) base = base.where('enabled_mark', '=', 1);
  const { list, pagination } = await listQuery(base, query, dataInterfaceListSpec);
  if (options.asPicker) return { list: list.map((row) => pickerView(view(row))), pagination };
  const names = await userNames(db, list.flatMap((row) => [row.creator_user_id, row.last_modify_user_id]));
  return { list: list.map((row) => view(row, names)), pagination };
}

/** The designer's chooser: enabled interfaces under their categories (JNPF's Selector tree). */
export async function dataInterfaceSelector(db: Db) {
  const rows = await db.selectFrom('base_data_interface').selectAll().where('enabled_mark', '=', 1).orderBy('category').orderBy('sort_code').orderBy('full_name').execute();
  const groups = new Map<string, Record_[]>();
  for (const row of rows) groups.set(row.category, [...(groups.get(row.category) ?? []), row]);
  return [...groups].map(([category, items]) => ({
    id: `category:${category}`,
    fullName: category,
    category: '0',
    parentId: '0',
    hasChildren: true,
    children: items.map((row) => ({ id: row.id, fullName: row.full_name, enCode: row.en_code, type: row.type, category: '1', parentId: `category:${category}`, hasChildren: false, isLeaf: true })),
  }));
}

export async function findDataInterface(db: Db, id: string): Promise<Record_> {
  const row = await db.selectFrom('base_data_interface').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'dataInterface.notFound');
  return row;
}

export async function getDataInterface(db: Db, id: string) {
  const row = await findDataInterface(db, id);
  return view(row, await userNames(db, [row.creator_user_id, row.last_modify_user_id]));
}

/** GET /GetParam/{id}: the declared parameters, as JNPF answers them. */
export async function dataInterfaceParams(db: Db, id: string) {
  return parseParameters((await findDataInterface(db, id)).parameter_json);
}

const codeRule = { table: 'base_data_interface', message: 'dataInterface.codeTaken' } as const;

async function assertNameFree(db: Db, name: string, exceptId?: string) {
  let query = db.selectFrom('base_data_interface').select('id').where('full_name', '=', name);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw new AppError(ResultCode.conflict, 'dataInterface.nameTaken');
}

export async function createDataInterface(db: Kysely<DB>, input: DataInterfaceInput, userId: string) {
  const values = validate(input);
  values.category = await interfaceCategoryCode(db, values.category);
  return withUniqueCode(codeRule.message, () =>
    db.transaction().execute(async (trx) => {
      await assertNameFree(trx, values.full_name);
      await assertCodeFree(trx, codeRule, values.en_code);
      const id = newId();
      await trx.insertInto('base_data_interface').values({ id, ...values, creator_user_id: userId }).execute();
      return id;
    }),
  );
}

export async function updateDataInterface(db: Kysely<DB>, id: string, input: DataInterfaceInput, userId: string) {
  const values = validate(input);
  values.category = await interfaceCategoryCode(db, values.category);
  await withUniqueCode(codeRule.message, () =>
    db.transaction().execute(async (trx) => {
      await findDataInterface(trx, id);
      await assertNameFree(trx, values.full_name, id);
      await assertCodeFree(trx, codeRule, values.en_code, id);
      await trx.updateTable('base_data_interface').set({ ...values, last_modify_time: new Date(), last_modify_user_id: userId }).where('id', '=', id).execute();
    }),
  );
}

/** Deletes the interface and its call log together. */
export async function deleteDataInterface(db: Kysely<DB>, id: string) {
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('base_data_interface').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError(ResultCode.notFound, 'dataInterface.notFound');
    await trx.deleteFrom('base_data_interface_log').where('invoke_id', '=', id).execute();
  });
}

export const toggleDataInterface = (db: Kysely<DB>, id: string) => toggleEnabled(db, 'base_data_interface', id, 'dataInterface.notFound');

/**
 * POST /{id}/Actions/Copy: a disabled copy named "<name>.副本<5 characters>" with code "<code>.<same>", as JNPF
 * does; a copy whose name or code would pass 50 characters is refused rather than cut.
 */
export async function copyDataInterface(db: Kysely<DB>, id: string, userId: string) {
  const row = await findDataInterface(db, id);
  const suffix = randomBytes(4).toString('hex').slice(0, 5);
  const fullName = `${row.full_name}.副本${suffix}`;
  const enCode = `${row.en_code}.${suffix}`;
  if ([...fullName].length > NAME_MAX_LENGTH || [...enCode].length > NAME_MAX_LENGTH) throw AppError.badRequest('dataInterface.copyTooLong');
  return withUniqueCode(codeRule.message, async () => {
    const copyId = newId();
    const { id: _id, created_at: _created, last_modify_time: _modified, last_modify_user_id: _modifier, creator_user_id: _creator, ...rest } = row;
    await db
      .insertInto('base_data_interface')
      .values({ ...rest, id: copyId, full_name: fullName, en_code: enCode, enabled_mark: 0, creator_user_id: userId })
      .execute();
    return copyId;
  });
}

/** The export file's content: the record without ids, users and times (an import elsewhere makes its own). */
export async function exportDataInterface(db: Db, id: string) {
  const row = await findDataInterface(db, id);
  const { fullName, enCode, category, type, action, hasPage, dataConfigJson, parameterJson, fieldJson, sortCode, enabledMark, description } = view(row);
  return {
    fileName: `${row.full_name}-${row.en_code}.json`,
    content: { format: 'labcode.dataInterface.v1', dataInterface: { fullName, enCode, category, type, action, hasPage, dataConfigJson, parameterJson, fieldJson, sortCode, enabledMark, description } },
  };
}

/** JNPF clients send ids as an array, a JSON array text or a comma-joined text. */
export function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((id) => (typeof id === 'object' ? JSON.stringify(id) : String(id)));
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return idsOf(JSON.parse(text));
      } catch {
        throw AppError.badRequest('dataInterface.idsInvalid');
      }
    }
    return text ? text.split(',').map((id) => id.trim()) : [];
  }
  if (value === undefined || value === null) return [];
  return [String(value)];
}

/** relationField and columnOptions (comma-joined) name the fields a popup's keyword is looked for in. */
export function searchFieldsOf(relationField?: string, columnOptions?: string): string[] {
  const fields = [relationField, ...(columnOptions ?? '').split(',')].map((field) => (field ?? '').trim()).filter(Boolean);
  return [...new Set(fields)];
}

export const pageOf = (query: { currentPage?: number; pageSize?: number }) => ({
  currentPage: Math.max(1, Math.floor(Number(query.currentPage) || PAGINATION.currentPage)),
  pageSize: Math.max(1, Math.floor(Number(query.pageSize) || PAGINATION.pageSize)),
});

export type ParamList = NameValue[];
