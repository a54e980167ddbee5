import type { Kysely, Selectable, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { TREE_TOP_NODE_ID } from '../../../shared/constants.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { DictionaryDataTable, DictionaryTypeTable } from './tables.js';
import { newId } from '../../../kernel/server/db/id.js';
import { namedRecordColumns } from '../../../kernel/server/crud/namedRecord.js';
import { assertCodeFree, withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { toggleEnabled } from '../../../kernel/server/crud/toggleEnabled.js';
import { buildTree, descendantIds, keepMatchesWithAncestors, wouldLoop } from '../../../kernel/server/crud/tree.js';

/**
 * Dictionaries (spec 001 §2, §5, §7): categories in a tree, and per category its entries, flat or as a tree
 * (isTree). Entries' parentId is '0' at the top. Table and column names never come from the client.
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface DictionaryTypeInput {
  parentId: string;
  fullName: string;
  enCode: string;
  isTree?: number;
  sortCode?: number;
  description?: string | null;
}

export interface DictionaryDataInput {
  dictionaryTypeId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
}

const TOP_ENTRY_PARENT = '0';

/** The checks every category and entry passes, with the spec's messages (spec 001 §5). */
const checkedNames = (input: DictionaryTypeInput | DictionaryDataInput) =>
  namedRecordColumns(input, {
    name: { required: 'dictionary.nameRequired', tooLong: 'dictionary.nameTooLong' },
    code: { required: 'dictionary.codeRequired', tooLong: 'dictionary.codeTooLong' },
  });

const typeCodeRule = { table: 'base_dictionary_type', message: 'dictionary.codeTaken' } as const;
const dataCodeRule = (typeId: string) => ({ table: 'base_dictionary_data', within: { column: 'dictionary_type_id', value: typeId }, message: 'dictionary.codeTaken' }) as const;

const typeView = (row: Selectable<DictionaryTypeTable>) => ({
  id: row.id,
  parentId: row.parent_id,
  fullName: row.full_name,
  enCode: row.en_code,
  isTree: row.is_tree,
  sortCode: row.sort_code,
  enabledMark: row.enabled_mark,
  description: row.description,
});

const dataView = (row: Selectable<DictionaryDataTable>) => ({
  id: row.id,
  dictionaryTypeId: row.dictionary_type_id,
  parentId: row.parent_id,
  fullName: row.full_name,
  enCode: row.en_code,
  sortCode: row.sort_code,
  enabledMark: row.enabled_mark,
  description: row.description,
});

async function allTypes(db: Db) {
  const rows = await db.selectFrom('base_dictionary_type').selectAll().orderBy('sort_code').orderBy('created_at').execute();
  return rows.map(typeView);
}

/** GET /api/system/DictionaryType: the category tree. */
export async function typeTree(db: Db) {
  return buildTree(await allTypes(db), new Set([TREE_TOP_NODE_ID, '0']));
}

/** GET /api/system/DictionaryType/Selector/{id}: parents to choose from, under a top node, leaving out {id} and its subtree. */
export async function typeSelector(db: Db, excludeId: string) {
  const types = await allTypes(db);
  const excluded = excludeId && excludeId !== '0' ? descendantIds(types, excludeId) : new Set<string>();
  const children = buildTree(types.filter((t) => !excluded.has(t.id)), new Set([TREE_TOP_NODE_ID, '0']));
  return [{ id: TREE_TOP_NODE_ID, parentId: '0', fullName: '顶级节点', enCode: '', children, hasChildren: children.length > 0 }];
}

export async function getType(db: Db, id: string) {
  const row = await db.selectFrom('base_dictionary_type').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'dictionary.typeNotFound');
  return typeView(row);
}

async function checkTypeParent(db: Db, parentId: string, selfId?: string) {
  if (parentId === TREE_TOP_NODE_ID || parentId === '0') return TREE_TOP_NODE_ID;
  const types = await allTypes(db);
  if (!types.some((t) => t.id === parentId)) throw AppError.badRequest('dictionary.parentNotFound');
  if (selfId && wouldLoop(types, selfId, parentId)) throw AppError.badRequest('dictionary.parentInvalid');
  return parentId;
}

export async function createType(db: Kysely<DB>, input: DictionaryTypeInput) {
  const { full_name, en_code, sort_code, description } = checkedNames(input);
  return withUniqueCode(typeCodeRule.message, () =>
    db.transaction().execute(async (trx) => {
      const parentId = await checkTypeParent(trx, String(input.parentId ?? TREE_TOP_NODE_ID));
      await assertCodeFree(trx, typeCodeRule, en_code);
      const id = newId();
      await trx.insertInto('base_dictionary_type').values({ id, parent_id: parentId, full_name, en_code, is_tree: input.isTree ? 1 : 0, sort_code, description }).execute();
      return id;
    }),
  );
}

export async function updateType(db: Kysely<DB>, id: string, input: DictionaryTypeInput) {
  const { full_name, en_code, sort_code, description } = checkedNames(input);
  await withUniqueCode(typeCodeRule.message, () =>
    db.transaction().execute(async (trx) => {
      const current = await getType(trx, id);
      // The tree switch is disabled when editing (spec 001 §2): entries already stored depend on it.
      if (input.isTree !== undefined && Number(input.isTree) !== current.isTree) throw AppError.badRequest('dictionary.treeLocked');
      const parentId = await checkTypeParent(trx, String(input.parentId ?? TREE_TOP_NODE_ID), id);
      await assertCodeFree(trx, typeCodeRule, en_code, id);
      await trx.updateTable('base_dictionary_type').set({ parent_id: parentId, full_name, en_code, sort_code, description }).where('id', '=', id).execute();
    }),
  );
}

export async function deleteType(db: Kysely<DB>, id: string) {
  await db.transaction().execute(async (trx) => {
    await getType(trx, id);
    if (await trx.selectFrom('base_dictionary_type').select('id').where('parent_id', '=', id).executeTakeFirst()) throw AppError.badRequest('dictionary.typeHasChildren');
    if (await trx.selectFrom('base_dictionary_data').select('id').where('dictionary_type_id', '=', id).executeTakeFirst()) throw AppError.badRequest('dictionary.typeHasData');
    await trx.deleteFrom('base_dictionary_type').where('id', '=', id).execute();
  });
}

/** A category by id, or by code (definitions may name either). */
async function resolveType(db: Db, idOrCode: string) {
  const row = await db
    .selectFrom('base_dictionary_type')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('en_code', '=', idOrCode)]))
    .orderBy((eb) => eb.case().when('id', '=', idOrCode).then(0).else(1).end())
    .executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'dictionary.typeNotFound');
  return typeView(row);
}

async function entriesOf(db: Db, typeId: string, enabledOnly = false) {
  let query = db.selectFrom('base_dictionary_data').selectAll().where('dictionary_type_id', '=', typeId);
  if (enabledOnly) query = query.where('enabled_mark', '=', 1);
  return (await query.orderBy('sort_code').orderBy('created_at').execute()).map(dataView);
}

/** GET /api/system/DictionaryData/{typeId}?keyword&isTree: entries, as a tree for tree categories. A keyword keeps matches and their ancestors. */
export async function dataList(db: Db, typeId: string, options: { keyword?: string; isTree?: number }) {
  const type = await resolveType(db, typeId);
  let entries = await entriesOf(db, type.id);
  const keyword = options.keyword?.trim().toLowerCase();
  if (keyword) entries = keepMatchesWithAncestors(entries, (e) => e.fullName.toLowerCase().includes(keyword) || e.enCode.toLowerCase().includes(keyword));
  const asTree = options.isTree === undefined ? type.isTree === 1 : Number(options.isTree) === 1;
  return asTree ? buildTree(entries, new Set([TOP_ENTRY_PARENT])) : entries.map((e) => ({ ...e, children: [], hasChildren: false }));
}

/** GET /api/system/DictionaryData/All: every category with its enabled entries, for the client's dictionary cache. */
export async function allDictionaries(db: Db) {
  const types = await allTypes(db);
  const rows = (await db.selectFrom('base_dictionary_data').selectAll().where('enabled_mark', '=', 1).orderBy('sort_code').orderBy('created_at').execute()).map(dataView);
  return types.map((type) => {
    const entries = rows.filter((r) => r.dictionaryTypeId === type.id);
    return { id: type.id, enCode: type.enCode, fullName: type.fullName, isTree: type.isTree, dictionaryList: type.isTree === 1 ? buildTree(entries, new Set([TOP_ENTRY_PARENT])) : entries };
  });
}

/** GET /api/system/DictionaryData/{type}/Data/Selector: the enabled entries a form widget offers. */
export async function widgetOptions(db: Db, typeIdOrCode: string) {
  const type = await resolveType(db, typeIdOrCode);
  const entries = await entriesOf(db, type.id, true);
  return type.isTree === 1 ? buildTree(entries, new Set([TOP_ENTRY_PARENT])) : entries;
}

/**
 * GET /api/system/DictionaryData/{typeId}/Selector/{entryId}: parents for the entry form, under the category
 * itself as the top node (choosing it means the top level), leaving out the entry and its subtree.
 */
export async function dataParentSelector(db: Db, typeId: string, excludeId: string) {
  const type = await resolveType(db, typeId);
  const entries = await entriesOf(db, type.id);
  const excluded = excludeId && excludeId !== '0' ? descendantIds(entries, excludeId) : new Set<string>();
  const children = type.isTree === 1 ? buildTree(entries.filter((e) => !excluded.has(e.id)), new Set([TOP_ENTRY_PARENT])) : [];
  return [{ id: type.id, parentId: '0', fullName: type.fullName, enCode: type.enCode, children, hasChildren: children.length > 0 }];
}

/** The code of entry `id` when it belongs to the category coded `typeCode`, for modules that store codes. */
export async function entryCodeById(db: Db, typeCode: string, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('base_dictionary_data as d')
    .innerJoin('base_dictionary_type as t', 't.id', 'd.dictionary_type_id')
    .select('d.en_code')
    .where('t.en_code', '=', typeCode)
    .where('d.id', '=', id)
    .executeTakeFirst();
  return row?.en_code;
}

export async function getData(db: Db, id: string) {
  const row = await db.selectFrom('base_dictionary_data').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'dictionary.dataNotFound');
  return dataView(row);
}

/**
 * GET /api/system/DictionaryData/{id}/Info. A top-level entry names its category as parent: the entry form's
 * parent picker has the category as its root node (dataParentSelector), and JNPF's form shows the stored value
 * as it comes, so '0' would show as a bare id. Saving the category back means the top level again.
 */
export async function dataInfo(db: Db, id: string) {
  const entry = await getData(db, id);
  return entry.parentId === TOP_ENTRY_PARENT ? { ...entry, parentId: entry.dictionaryTypeId } : entry;
}

/** A parent equal to the category itself means the top level: parentId 0 (spec 001 §5). */
async function checkDataParent(db: Db, typeId: string, parentId: string, selfId?: string) {
  if (!parentId) throw AppError.badRequest('dictionary.parentRequired');
  if (parentId === typeId || parentId === TOP_ENTRY_PARENT) return TOP_ENTRY_PARENT;
  const entries = await entriesOf(db, typeId);
  if (!entries.some((e) => e.id === parentId)) throw AppError.badRequest('dictionary.parentNotFound');
  if (selfId && wouldLoop(entries, selfId, parentId)) throw AppError.badRequest('dictionary.parentInvalid');
  return parentId;
}

export async function createData(db: Kysely<DB>, input: DictionaryDataInput) {
  const columns = checkedNames(input);
  return withUniqueCode('dictionary.codeTaken', () =>
    db.transaction().execute(async (trx) => {
      const type = await getType(trx, String(input.dictionaryTypeId ?? ''));
      const parentId = await checkDataParent(trx, type.id, String(input.parentId ?? ''));
      await assertCodeFree(trx, dataCodeRule(type.id), columns.en_code);
      const id = newId();
      await trx.insertInto('base_dictionary_data').values({ id, dictionary_type_id: type.id, parent_id: parentId, ...columns }).execute();
      return id;
    }),
  );
}

export async function updateData(db: Kysely<DB>, id: string, input: DictionaryDataInput) {
  const columns = checkedNames(input);
  await withUniqueCode('dictionary.codeTaken', () =>
    db.transaction().execute(async (trx) => {
      const current = await getData(trx, id);
      const parentId = await checkDataParent(trx, current.dictionaryTypeId, String(input.parentId ?? ''), id);
      await assertCodeFree(trx, dataCodeRule(current.dictionaryTypeId), columns.en_code, id);
      await trx.updateTable('base_dictionary_data').set({ parent_id: parentId, ...columns }).where('id', '=', id).execute();
    }),
  );
}

export async function deleteData(db: Kysely<DB>, id: string) {
  await db.transaction().execute(async (trx) => {
    await getData(trx, id);
    if (await trx.selectFrom('base_dictionary_data').select('id').where('parent_id', '=', id).executeTakeFirst()) throw AppError.badRequest('dictionary.dataHasChildren');
    await trx.deleteFrom('base_dictionary_data').where('id', '=', id).execute();
  });
}

/** PUT /api/system/DictionaryData/{id}/Actions/State: flips enabledMark and answers the new one. */
export const toggleData = (db: Kysely<DB>, id: string) => toggleEnabled(db, 'base_dictionary_data', id, 'dictionary.dataNotFound');
