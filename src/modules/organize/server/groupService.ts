import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { rules } from '../../../shared/validation/rules.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { GroupTable } from './tables.js';
import { newId } from '../../../kernel/server/db/id.js';
import type { DataScopeRequest } from '../../../kernel/server/crud/dataScope.js';
import { listQuery, listScopeColumns, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { assertInScope, recordScope, type RecordScope } from '../../../kernel/server/crud/recordScope.js';
import { namedRecordColumns } from '../../../kernel/server/crud/namedRecord.js';
import { assertCodeFree, withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { toggleEnabled } from '../../../kernel/server/crud/toggleEnabled.js';
import { ICONS } from './organizeTree.js';
import { GROUP_TYPE_DICTIONARY, typeCode, typeNames } from './typeNames.js';

/**
 * User groups (分组管理, /permission/Group): named sets of users that permissions and pickers can name at once.
 * Members are the users module's memberships (object_type Group); a group with members is not deleted.
 */
type Db = Kysely<DB> | Transaction<DB>;
type GroupRow = Selectable<GroupTable>;

export interface GroupInput {
  fullName?: string;
  enCode?: string;
  type?: string | null;
  sortCode?: number | string | null;
  enabledMark?: number;
  description?: string | null;
}

async function memberCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('base_user_relation')
    .select(['object_id', sql<number>`count(*)`.as('n')])
    .where('object_type', '=', 'Group')
    .where('object_id', 'in', ids)
    .groupBy('object_id')
    .execute();
  return new Map(rows.map((row) => [row.object_id, Number(row.n)]));
}

async function views(db: Db, rows: GroupRow[]) {
  const types = await typeNames(db, GROUP_TYPE_DICTIONARY);
  const members = await memberCounts(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    enCode: row.en_code,
    type: row.type,
    typeName: row.type ? (types.get(row.type) ?? row.type) : null,
    sortCode: row.sort_code,
    enabledMark: row.enabled_mark,
    description: row.description,
    creatorTime: row.created_at,
    memberCount: members.get(row.id) ?? 0,
  }));
}

export const groupListSpec: ListSpec = {
  keywordColumns: ['full_name', 'en_code'],
  sortable: { fullName: 'full_name', enCode: 'en_code', sortCode: 'sort_code', creatorTime: 'created_at', enabledMark: 'enabled_mark', type: 'type' },
  defaultOrder: [['sort_code', 'asc'], ['created_at', 'desc']],
  filters: { enabledMark: { column: 'enabled_mark', searchType: 1 }, type: { column: 'type', searchType: 1 } },
};

/**
 * GET /Group: paged. A group belongs to no organisation and has no owner: a custom data scheme narrows the list
 * by its fields; an organisation or own-records scheme shows no group (as every list without those columns).
 */
export async function listGroups(db: Db, query: ListParams, scope?: DataScopeRequest) {
  // JNPF clients filter by the type's dictionary entry id; the stored value is its code.
  const type = (await typeCode(db, GROUP_TYPE_DICTIONARY, query.type)) ?? undefined;
  const { list, pagination } = await listQuery(db.selectFrom('base_group').selectAll(), { ...query, type }, groupListSpec, scope);
  return { list: await views(db, list), pagination };
}

/** By id, a group is reached within the caller's scope on the group page, as its list (recordScope.ts). */
const groupScope = (scope?: DataScopeRequest) => recordScope(scope, listScopeColumns(groupListSpec));
const selectGroup = (db: Db, id: string) => db.selectFrom('base_group').select('id').where('id', '=', id);
const assertReachable = (db: Db, id: string, scope: RecordScope) => assertInScope(selectGroup(db, id), scope, { notFound: 'organize.groupNotFound' });
/** After a create or an edit: the group is still one the caller's list shows (a custom scheme tests its fields). */
const assertKept = (db: Db, id: string, scope: RecordScope) => assertInScope(selectGroup(db, id), scope, { outside: 'organize.outsideScope' });

async function getRow(db: Db, id: string, scope: RecordScope): Promise<GroupRow> {
  await assertReachable(db, id, scope);
  const row = await db.selectFrom('base_group').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'organize.groupNotFound');
  return row;
}

export async function getGroup(db: Db, id: string, scope?: DataScopeRequest) {
  return (await views(db, [await getRow(db, id, await groupScope(scope))]))[0];
}

/**
 * GET /Group/Selector: the groups under one node per type (the type's dictionary name, or 未分类 for groups
 * without one), leaves of type 'group'. Answered as data itself (an array), as JNPF's group picker reads it.
 */
export async function groupSelector(db: Db, untypedLabel: string) {
  const rows = await db.selectFrom('base_group').selectAll().orderBy('sort_code').orderBy('full_name').orderBy('id').execute();
  const types = await typeNames(db, GROUP_TYPE_DICTIONARY);
  const byType = new Map<string, GroupRow[]>();
  for (const row of rows) {
    const key = row.type ?? '';
    byType.set(key, [...(byType.get(key) ?? []), row]);
  }
  const typed = [...byType.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
  return typed.map((type) => {
    const children = byType.get(type)!.map((row) => ({
      id: row.id,
      parentId: `groupType--${type}`,
      fullName: row.full_name,
      enCode: row.en_code,
      type: 'group',
      icon: ICONS.group,
      sortCode: row.sort_code,
      enabledMark: row.enabled_mark,
      disabled: row.enabled_mark !== 1,
      hasChildren: false,
      isLeaf: true,
      children: [],
    }));
    return {
      id: `groupType--${type}`,
      parentId: '-1',
      fullName: type ? (types.get(type) ?? type) : untypedLabel,
      enCode: type,
      type: 'groupType',
      icon: ICONS.group,
      num: children.length,
      disabled: false,
      hasChildren: children.length > 0,
      isLeaf: false,
      children,
    };
  });
}

const codeRule = { table: 'base_group', message: 'organize.groupCodeTaken' } as const;

async function validate(db: Db, input: GroupInput, currentId?: string) {
  const named = namedRecordColumns(input, {
    name: { required: 'organize.groupNameRequired', tooLong: 'organize.groupNameTooLong' },
    code: { required: 'organize.groupCodeRequired', tooLong: 'organize.groupCodeTooLong' },
  });
  if (!rules.code.test(named.en_code)) throw AppError.badRequest('organize.codeInvalid');
  const sameName = await db
    .selectFrom('base_group')
    .select('id')
    .where('full_name', '=', named.full_name)
    .$if(Boolean(currentId), (q) => q.where('id', '<>', currentId!))
    .executeTakeFirst();
  if (sameName) throw new AppError(ResultCode.conflict, 'organize.groupNameTaken', { name: named.full_name });
  await assertCodeFree(db, codeRule, named.en_code, currentId);
  return { ...named, type: await typeCode(db, GROUP_TYPE_DICTIONARY, input.type) };
}

export async function createGroup(db: Kysely<DB>, input: GroupInput, scope?: DataScopeRequest): Promise<string> {
  const within = await groupScope(scope);
  return withUniqueCode(codeRule.message, () =>
    db.transaction().execute(async (trx) => {
      const values = await validate(trx, input);
      const id = newId();
      await trx.insertInto('base_group').values({ id, ...values }).execute();
      await assertKept(trx, id, within);
      return id;
    }),
  );
}

export async function updateGroup(db: Kysely<DB>, id: string, input: GroupInput, scope?: DataScopeRequest): Promise<void> {
  const within = await groupScope(scope);
  await withUniqueCode(codeRule.message, () =>
    db.transaction().execute(async (trx) => {
      await getRow(trx, id, within);
      await trx.updateTable('base_group').set(await validate(trx, input, id)).where('id', '=', id).execute();
      await assertKept(trx, id, within);
    }),
  );
}

export async function deleteGroup(db: Kysely<DB>, id: string, scope?: DataScopeRequest): Promise<void> {
  const within = await groupScope(scope);
  await db.transaction().execute(async (trx) => {
    await getRow(trx, id, within);
    const members = (await memberCounts(trx, [id])).get(id) ?? 0;
    if (members > 0) throw AppError.badRequest('organize.groupHasMembers', { count: members });
    await trx.deleteFrom('base_group').where('id', '=', id).execute();
  });
}

export async function toggleGroup(db: Kysely<DB>, id: string, scope?: DataScopeRequest): Promise<number> {
  const within = await groupScope(scope);
  return db.transaction().execute(async (trx) => {
    await assertReachable(trx, id, within);
    return toggleEnabled(trx, 'base_group', id, 'organize.groupNotFound');
  });
}
