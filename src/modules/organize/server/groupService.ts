import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { rules } from '../../../shared/validation/rules.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { GroupTable } from './tables.js';
import { defineEntity } from '../../../kernel/server/crud/defineEntity.js';
import type { ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { namedRecordColumns } from '../../../kernel/server/crud/namedRecord.js';
import { namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { ICONS } from './organizeTree.js';
import { GROUP_MENU } from './menus.js';
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

const groupListSpec: ListSpec = {
  keywordColumns: ['full_name', 'en_code'],
  sortable: { fullName: 'full_name', enCode: 'en_code', sortCode: 'sort_code', creatorTime: 'created_at', enabledMark: 'enabled_mark', type: 'type' },
  defaultOrder: [['sort_code', 'asc'], ['created_at', 'desc']],
  filters: { enabledMark: { column: 'enabled_mark', searchType: 1 }, type: { column: 'type', searchType: 1 } },
};

/** What a create or an edit checks: the named record's rules, a code of letters, digits and dots, the type's code. */
async function groupColumns(db: Db, input: GroupInput) {
  const named = namedRecordColumns(input, {
    name: { required: 'organize.groupNameRequired', tooLong: 'organize.groupNameTooLong' },
    code: { required: 'organize.groupCodeRequired', tooLong: 'organize.groupCodeTooLong' },
  });
  if (!rules.code.test(named.en_code)) throw AppError.badRequest('organize.codeInvalid');
  return { ...named, type: await typeCode(db, GROUP_TYPE_DICTIONARY, input.type) };
}

/**
 * /api/permission/Group: the list (paged), the record, and the writes of the group page. A group belongs to no
 * organisation and has no owner: a custom data scheme narrows the list by its fields; an organisation or
 * own-records scheme shows no group (as every list without those columns), and by id a group is reached within the
 * same scope (recordScope.ts). Names and codes are unique across groups.
 */
export const groups = defineEntity({
  table: 'base_group',
  path: '/api/permission/Group',
  menu: GROUP_MENU,
  list: groupListSpec,
  // organizeId: the page sends the position list's parameters to both lists; it filters nothing here.
  queryProperties: { type: { type: 'string', maxLength: 50 }, organizeId: { type: 'string', maxLength: 50 } },
  body: { type: 'object', properties: { ...namedRecordProperties, type: { type: ['string', 'null'], maxLength: 50 } } },
  messages: { notFound: 'organize.groupNotFound', outsideScope: 'organize.outsideScope' },
  unique: { code: 'organize.groupCodeTaken', name: { message: 'organize.groupNameTaken' } },
  views,
  columns: groupColumns,
  // JNPF clients filter by the type's dictionary entry id; the stored value is its code.
  listParams: async (db, params) => ({ ...params, type: (await typeCode(db, GROUP_TYPE_DICTIONARY, params.type)) ?? undefined }),
  beforeRemove: async (trx, group) => {
    const members = (await memberCounts(trx, [group.id])).get(group.id) ?? 0;
    if (members > 0) throw AppError.badRequest('organize.groupHasMembers', { count: members });
  },
  // A group's state, and its deletion, change what its members may do: the cached grants go (a new group has no members).
  afterWrite: (app, write) => (write === 'create' ? undefined : app.grants.invalidate()),
});

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
