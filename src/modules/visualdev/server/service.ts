import type { Kysely, Selectable, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { flattenFields, columnNodes } from '../../../shared/form/walkFields.js';
import type { FormDefinition } from '../../../shared/form/definition.js';
import { SYSTEM_WIDGETS } from '../../../shared/form/jnpfKeys.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { requiredText, sortCodeOf, enabledMarkOf } from '../../../kernel/server/crud/namedRecord.js';
import { assertCodeFree, withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { removeReleasedMenu } from '../../permission/server/public.js';
import { retireDataTables, type RetiredTable } from '../../onlineData/server/public.js';
import { checkColumnData, checkFormData, checkTables } from './definitionCheck.js';
import type { VisualDevTable } from './tables.js';

/**
 * Designs of online development (JNPF /api/visualdev/Base, spec 001 §7): named records holding a form definition,
 * its list configuration and its tables. Every save checks the definitions (definitionCheck.ts) before anything
 * is written; the code is unique without regard to case.
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface DesignInput {
  fullName?: unknown;
  enCode?: unknown;
  category?: unknown;
  type?: unknown;
  webType?: unknown;
  formData?: unknown;
  columnData?: unknown;
  appColumnData?: unknown;
  tables?: unknown;
  dbLinkId?: unknown;
  sortCode?: unknown;
  enabledMark?: unknown;
  description?: unknown;
}

/** JNPF's page types: 1 form only, 2 form and list, 3 form, list and flow, 4 data view. */
export const WEB_TYPES = [1, 2, 3, 4] as const;
/** Dictionary whose entries categorise designs (JNPF's BUSINESSTYPE). */
/**
 * The dictionary design categories come from: JNPF's webDesign (3.6's 功能设计). 3.4's form designer picks from
 * webForm, and designs saved before this dictionary took businessType entries: their names are found too.
 */
export const DESIGN_CATEGORY_DICTIONARY = 'webDesign';
const DESIGN_CATEGORY_DICTIONARIES = [DESIGN_CATEGORY_DICTIONARY, 'webForm', 'businessType'];

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
const smallInt = (value: unknown, allowed: readonly number[], fallback: number, message: 'visualdev.webTypeInvalid' | 'visualdev.typeInvalid') => {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!allowed.includes(n)) throw AppError.badRequest(message);
  return n;
};

/** The columns a design input becomes, every definition checked. Throws the first problem, naming the field. */
export function designColumns(input: DesignInput) {
  const fullName = requiredText(input.fullName, { required: 'visualdev.nameRequired', tooLong: 'visualdev.nameTooLong' });
  const enCode = requiredText(input.enCode, { required: 'visualdev.codeRequired', tooLong: 'visualdev.codeTooLong' });
  const category = typeof input.category === 'string' && input.category.trim() ? input.category.trim() : null;
  if (category && [...category].length > 50) throw AppError.badRequest('visualdev.categoryTooLong');
  const formData = checkFormData(input.formData);
  const columnData = checkColumnData(input.columnData, 'visualdev.columnDataMalformed');
  const appColumnData = checkColumnData(input.appColumnData, 'visualdev.appColumnDataMalformed');
  const tables = checkTables(input.tables);
  return {
    full_name: fullName,
    en_code: enCode,
    category,
    type: smallInt(input.type, [1, 2], 1, 'visualdev.typeInvalid'),
    web_type: smallInt(input.webType, WEB_TYPES, 2, 'visualdev.webTypeInvalid'),
    form_data: json(formData),
    column_data: json(columnData),
    app_column_data: json(appColumnData),
    tables_data: JSON.stringify(tables),
    db_link_id: typeof input.dbLinkId === 'string' && input.dbLinkId.trim() ? input.dbLinkId.trim().slice(0, 50) : null,
    sort_code: sortCodeOf(input.sortCode),
    enabled_mark: enabledMarkOf(input.enabledMark),
    description: typeof input.description === 'string' ? input.description : null,
  };
}

/** Names of the design-category entries, by id and by code: designs store whichever the client chose. */
async function categoryNames(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('base_dictionary_data as d')
    .innerJoin('base_dictionary_type as t', 't.id', 'd.dictionary_type_id')
    .select(['d.id', 'd.en_code', 'd.full_name'])
    .where('t.en_code', 'in', DESIGN_CATEGORY_DICTIONARIES)
    .orderBy('d.sort_code')
    .execute();
  const names = new Map<string, string>();
  for (const row of rows) {
    names.set(row.id, row.full_name);
    names.set(row.en_code, row.full_name);
  }
  return names;
}

async function userNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const users = wanted.length ? await db.selectFrom('base_user').select(['id', 'real_name', 'account']).where('id', 'in', wanted).execute() : [];
  return new Map(users.map((u) => [u.id, `${u.real_name}/${u.account}`]));
}

const parsed = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

/** A row of the design list (JNPF's VisualFunctionModel): no definitions, the category by name. */
function listView(row: Selectable<VisualDevTable>, categories: Map<string, string>, users: Map<string, string>) {
  return {
    id: row.id,
    fullName: row.full_name,
    enCode: row.en_code,
    category: row.category ? (categories.get(row.category) ?? row.category) : null,
    categoryId: row.category,
    type: row.type,
    webType: row.web_type,
    state: row.state,
    isRelease: row.state,
    enabledMark: row.enabled_mark,
    sortCode: row.sort_code,
    description: row.description,
    creatorTime: row.created_at,
    creatorUserId: row.creator_user_id,
    creatorUser: (row.creator_user_id && users.get(row.creator_user_id)) || '',
    lastModifyTime: row.last_modify_time,
    lastModifyUserId: row.last_modify_user_id,
    lastModifyUser: (row.last_modify_user_id && users.get(row.last_modify_user_id)) || '',
  };
}

/** A whole design (JNPF's VisualDevInfoVO): definitions as JSON text, as JNPF's clients parse them. */
export function infoView(row: Selectable<VisualDevTable>) {
  return {
    id: row.id,
    fullName: row.full_name,
    enCode: row.en_code,
    category: row.category,
    type: row.type,
    webType: row.web_type,
    state: row.state,
    enabledMark: row.enabled_mark,
    sortCode: row.sort_code,
    description: row.description,
    formData: row.form_data,
    columnData: row.column_data,
    appColumnData: row.app_column_data,
    tables: row.tables_data ?? '[]',
    dbLinkId: row.db_link_id,
    platformRelease: row.platform_release,
    creatorTime: row.created_at,
    lastModifyTime: row.last_modify_time,
  };
}

export const designListSpec: ListSpec = {
  keywordColumns: ['full_name', 'en_code'],
  sortable: { fullName: 'full_name', enCode: 'en_code', sortCode: 'sort_code', creatorTime: 'created_at', lastModifyTime: 'last_modify_time', state: 'state' },
  defaultOrder: [['sort_code', 'asc'], ['created_at', 'desc']],
  filters: { category: { column: 'category', searchType: 1 }, type: { column: 'type', searchType: 1 }, webType: { column: 'web_type', searchType: 1 }, state: { column: 'state', searchType: 1 } },
};

export async function listDesigns(db: Db, query: ListParams) {
  const { list, pagination } = await listQuery(db.selectFrom('base_visual_dev').selectAll(), query, designListSpec);
  const [categories, users] = await Promise.all([categoryNames(db), userNames(db, list.flatMap((r) => [r.creator_user_id, r.last_modify_user_id]))]);
  return { list: list.map((row) => listView(row, categories, users)), pagination };
}

export async function designRow(db: Db, id: string): Promise<Selectable<VisualDevTable>> {
  const row = await db.selectFrom('base_visual_dev').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'visualdev.notFound');
  return row;
}

const codeRule = { table: 'base_visual_dev', message: 'visualdev.codeTaken' } as const;

export async function createDesign(db: Kysely<DB>, input: DesignInput, userId: string): Promise<{ id: string; enCode: string }> {
  const values = designColumns(input);
  return withUniqueCode(codeRule.message, () =>
    db.transaction().execute(async (trx) => {
      await assertCodeFree(trx, codeRule, values.en_code);
      const id = newId();
      await trx.insertInto('base_visual_dev').values({ id, ...values, state: 0, creator_user_id: userId }).execute();
      return { id, enCode: values.en_code };
    }),
  );
}

export async function updateDesign(db: Kysely<DB>, id: string, input: DesignInput, userId: string): Promise<{ id: string; enCode: string }> {
  const values = designColumns(input);
  return withUniqueCode(codeRule.message, () =>
    db.transaction().execute(async (trx) => {
      const current = await designRow(trx, id);
      await assertCodeFree(trx, codeRule, values.en_code, id);
      // A released design that changes is "released, changed since" (JNPF's state 2) until released again.
      const state = current.state === 0 ? 0 : 2;
      await trx.updateTable('base_visual_dev').set({ ...values, state, last_modify_time: new Date(), last_modify_user_id: userId }).where('id', '=', id).execute();
      return { id, enCode: values.en_code };
    }),
  );
}

/**
 * Deletes a design and everything its releases made, in one transaction: the menu page with its button, column,
 * form and data-scheme entries and the grants on them (permission's removeReleasedMenu), the runtime's model and
 * table registrations (onlineData's retireDataTables, which sets the record tables aside rather than dropping
 * them), the released snapshot and the design.
 */
export async function deleteDesign(db: Kysely<DB>, id: string): Promise<{ menuRemoved: boolean; retiredTables: RetiredTable[] }> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('base_visual_dev').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    await designRow(trx, id);
    const menuRemoved = await removeReleasedMenu(trx, id);
    const retiredTables = await retireDataTables(trx, id);
    await trx.deleteFrom('base_visual_dev_release').where('id', '=', id).execute();
    await trx.deleteFrom('base_visual_dev').where('id', '=', id).execute();
    return { menuRemoved, retiredTables };
  });
}

/** A copy: name 「.副本xxxxx」 and code + the same five characters (JNPF's copy), a draft never released. */
export async function copyDesign(db: Kysely<DB>, id: string, userId: string): Promise<{ id: string; enCode: string }> {
  const row = await designRow(db, id);
  const suffix = newId().slice(0, 5);
  const fullName = `${row.full_name}.副本${suffix}`;
  const enCode = `${row.en_code}${suffix}`;
  // Too long a copy is refused with the same messages as too long a name, as JNPF does.
  if ([...fullName].length > 50) throw AppError.badRequest('visualdev.nameTooLong');
  if ([...enCode].length > 50) throw AppError.badRequest('visualdev.codeTooLong');
  return createDesign(
    db,
    {
      fullName, enCode, category: row.category, type: row.type, webType: row.web_type, formData: row.form_data, columnData: row.column_data,
      appColumnData: row.app_column_data, tables: row.tables_data, dbLinkId: row.db_link_id, sortCode: row.sort_code, description: row.description,
    },
    userId,
  );
}

/**
 * The main-table fields of a design (JNPF's FormDataFields: {vModel, label}), for relation forms and the list
 * designer. Sub-tables and what stores nothing are left out; filterType 1 (JNPF's "key event field list")
 * also leaves out the fields the server fills (system fields).
 */

export async function formDataFields(db: Db, id: string, filterType?: number) {
  const row = await designRow(db, id);
  const definition = parsed(row.form_data) as FormDefinition | null;
  const fields = flattenFields(definition?.fields ?? []).filter((node) => node.role === 'field' && typeof node.field.__vModel__ === 'string' && node.field.__vModel__);
  return fields
    .filter((node) => !(filterType === 1 && node.jnpfKey && SYSTEM_WIDGETS.has(node.jnpfKey)))
    .filter((node) => !['popupAttr', 'relationFormAttr', 'JNPFText', 'divider', 'groupTitle', 'button', 'link', 'alert', 'barcode', 'qrcode'].includes(node.jnpfKey ?? ''))
    .map((node) => ({ vModel: node.field.__vModel__ as string, label: typeof node.config.label === 'string' ? node.config.label : (node.field.__vModel__ as string) }));
}

/** Every value-holding field of a definition, sub-table columns as `table-column`: the form's permission codes. */
export function formPermissionCodes(definition: FormDefinition | null): { enCode: string; fullName: string }[] {
  const codes: { enCode: string; fullName: string }[] = [];
  for (const node of flattenFields(definition?.fields ?? [])) {
    const key = node.field.__vModel__;
    if (typeof key !== 'string' || !key) continue;
    const label = typeof node.config.label === 'string' && node.config.label ? node.config.label : key;
    codes.push({ enCode: key, fullName: label });
    if (node.role !== 'subTable') continue;
    for (const column of columnNodes(node)) {
      const columnKey = column.field.__vModel__;
      if (typeof columnKey !== 'string' || !columnKey) continue;
      codes.push({ enCode: `${key}-${columnKey}`, fullName: typeof column.config.label === 'string' && column.config.label ? column.config.label : columnKey });
    }
  }
  return codes;
}

/**
 * GET /Selector: designs in a tree by category (JNPF's VisualdevTreeVO), for relation forms and menus. type and
 * webType (comma-separated) narrow it; isRelease set lists only released designs.
 */
export async function designSelector(db: Db, options: { type?: number; webType?: string; isRelease?: boolean; uncategorized: string }) {
  let query = db.selectFrom('base_visual_dev').select(['id', 'full_name', 'category', 'web_type', 'sort_code', 'type', 'state']).orderBy('sort_code').orderBy('created_at');
  if (options.type !== undefined) query = query.where('type', '=', options.type);
  if (options.isRelease) query = query.where('state', '>', 0);
  const webTypes = (options.webType ?? '').split(',').map((w) => Number(w)).filter((w) => Number.isInteger(w) && w > 0);
  if (webTypes.length) query = query.where('web_type', 'in', webTypes);
  const [rows, categories] = await Promise.all([query.execute(), categoryNames(db)]);
  const groups = new Map<string, { id: string; fullName: string; hasChildren: true; children: unknown[] }>();
  for (const row of rows) {
    const key = row.category ?? '';
    let group = groups.get(key);
    if (!group) {
      group = { id: key || '0', fullName: key ? (categories.get(key) ?? key) : options.uncategorized, hasChildren: true, children: [] };
      groups.set(key, group);
    }
    group.children.push({ id: row.id, fullName: row.full_name, webType: row.web_type, sortCode: row.sort_code, hasChildren: false });
  }
  return [...groups.values()];
}
