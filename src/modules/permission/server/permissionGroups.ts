import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import { defineEntity } from '../../../kernel/server/crud/defineEntity.js';
import type { ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { namedRecordColumns, type NamedRecordInput } from '../../../kernel/server/crud/namedRecord.js';
import { idParams, namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { buttonsOf } from '../../../kernel/server/plugins/permission.js';
import { deleteGrantsOf, ITEM_TYPES } from './authorize.js';
import { grantedItemIds, granteesOf } from './grants.js';
import { AUTHORIZE_MENU } from './roles.js';
import type { PermissionGroupTable } from './tables.js';

/**
 * Permission groups (JNPF 3.6's 权限管理, /api/permission/PermissionGroup): a named set of members — users,
 * organisations, roles, positions, groups — who all receive what the group is granted (grants.ts reads a user's
 * groups with the rest of their grantees). The group's permissions are granted like a role's, through
 * /api/permission/Authority/Data/{groupId} (JNPF's client sends objectType Role; authorize.ts reads it as the group).
 * The calls belong to the 权限组 page (permission.authorize). Any change but a create changes what members may do.
 */
type Db = Kysely<DB> | Transaction<DB>;

/** A member as JNPF's pickers name it: `{id}--{type}`, the type one of these. */
export const MEMBER_TYPES = { user: 'base_user', company: 'base_organize', department: 'base_organize', role: 'base_role', position: 'base_position', group: 'base_group' } as const;
type MemberType = keyof typeof MEMBER_TYPES;
const isMemberType = (value: string): value is MemberType => Object.hasOwn(MEMBER_TYPES, value);

const listSpec: ListSpec = {
  keywordColumns: ['full_name', 'en_code'],
  sortable: { fullName: 'full_name', enCode: 'en_code', sortCode: 'sort_code', creatorTime: 'created_at', enabledMark: 'enabled_mark' },
  defaultOrder: [['sort_code', 'asc'], ['created_at', 'desc']],
  filters: { enabledMark: { column: 'enabled_mark', searchType: 1 } },
};

/** A page of groups, each with its members' names (JNPF's list shows them as `permissionMember`). */
async function views(db: Db, rows: Selectable<PermissionGroupTable>[]) {
  const members = rows.length ? await db.selectFrom('base_permission_group_member').selectAll().where('group_id', 'in', rows.map((r) => r.id)).execute() : [];
  const names = await memberNames(db, members);
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    enCode: row.en_code,
    sortCode: row.sort_code,
    enabledMark: row.enabled_mark,
    description: row.description ?? '',
    creatorTime: new Date(row.created_at).getTime(),
    lastModifyTime: row.last_modify_time ? new Date(row.last_modify_time).getTime() : null,
    permissionMember: members.filter((m) => m.group_id === row.id).map((m) => names.get(`${m.member_id}--${m.member_type}`) ?? m.member_id).join(','),
  }));
}

/** The names of members, by `{id}--{type}`, a query per kind. */
async function memberNames(db: Db, members: readonly { member_type: string; member_id: string }[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const type of Object.keys(MEMBER_TYPES) as MemberType[]) {
    const ids = members.filter((m) => m.member_type === type).map((m) => m.member_id);
    if (!ids.length) continue;
    const table = MEMBER_TYPES[type];
    const rows =
      table === 'base_user'
        ? (await db.selectFrom('base_user').select(['id', 'real_name', 'account']).where('id', 'in', ids).execute()).map((u) => ({ id: u.id, name: `${u.real_name}/${u.account}` }))
        : (await db.selectFrom(table).select(['id', 'full_name']).where('id', 'in', ids).execute()).map((r) => ({ id: r.id, name: r.full_name }));
    for (const row of rows) names.set(`${row.id}--${type}`, row.name);
  }
  return names;
}

export const permissionGroups = defineEntity({
  table: 'base_permission_group',
  path: '/api/permission/PermissionGroup',
  menu: AUTHORIZE_MENU,
  list: listSpec,
  body: { type: 'object', properties: namedRecordProperties },
  messages: { notFound: 'permissionGroups.notFound' },
  unique: { code: 'permissionGroups.codeTaken', name: { message: 'permissionGroups.nameTaken' } },
  scoped: false,
  stamps: ['creator', 'modifier', 'modifiedAt'],
  views,
  columns: async (_db, input: NamedRecordInput) =>
    namedRecordColumns(input, {
      name: { required: 'permissionGroups.nameRequired', tooLong: 'permissionGroups.nameTooLong' },
      code: { required: 'permissionGroups.codeRequired', tooLong: 'permissionGroups.codeTooLong' },
    }),
  // Its grants go with it; its members by the foreign key.
  beforeRemove: (trx, group) => deleteGrantsOf(trx, 'PermissionGroup', group.id),
  mayChange: (db, id, caller) => assertHoldsWhatItGrants(db, caller, id),
  afterWrite: (app, write) => (write === 'create' ? undefined : app.grants.invalidate()),
});

/**
 * Who changes a group's members, state or record changes who receives what it grants: someone who is not an
 * administrator must hold every item it grants (as saveAuthorize asks of a grant), or they could join a group
 * granted more than they hold and take it.
 */
async function assertHoldsWhatItGrants(db: Db, caller: { userId?: string; isAdministrator?: boolean }, groupId: string): Promise<void> {
  if (caller.isAdministrator) return;
  const granted = await db.selectFrom('base_authorize').select(['item_type', 'item_id']).where('object_type', '=', 'PermissionGroup').where('object_id', '=', groupId).execute();
  if (!granted.length) return;
  const held = await grantedItemIdsOfUser(db, caller.userId ?? '');
  if (granted.some((grant) => !held.has(`${grant.item_type}:${grant.item_id}`))) throw AppError.forbidden();
}

/** What a user holds, every kind, as `{kind}:{id}`. */
async function grantedItemIdsOfUser(db: Db, userId: string): Promise<Set<string>> {
  const grantees = await granteesOf(db as Kysely<DB>, userId);
  const held = new Set<string>();
  for (const kind of ITEM_TYPES) for (const id of await grantedItemIds(db as Kysely<DB>, grantees, kind)) held.add(`${kind}:${id}`);
  return held;
}

/** The members as `{id}--{type}` (JNPF's UserIdModel), checked: a known kind and an existing record each. */
async function checkedMembers(db: Db, ids: readonly string[]): Promise<{ member_type: MemberType; member_id: string }[]> {
  const members = [...new Set(ids)].map((text) => {
    const at = text.lastIndexOf('--');
    const member_id = at > 0 ? text.slice(0, at) : '';
    const member_type = at > 0 ? text.slice(at + 2) : '';
    if (!member_id || !isMemberType(member_type)) throw AppError.badRequest('permissionGroups.memberInvalid', { member: text.slice(0, 60) });
    return { member_type, member_id };
  });
  const known = await memberNames(db, members);
  const missing = members.find((m) => !known.has(`${m.member_id}--${m.member_type}`));
  if (missing) throw AppError.badRequest('permissionGroups.memberInvalid', { member: `${missing.member_id}--${missing.member_type}`.slice(0, 60) });
  return members;
}

async function assertGroup(db: Db, id: string): Promise<Selectable<PermissionGroupTable>> {
  const group = await db.selectFrom('base_permission_group').selectAll().where('id', '=', id).executeTakeFirst();
  if (!group) throw new AppError(ResultCode.notFound, 'permissionGroups.notFound');
  return group;
}

/** JNPF's copy: name + .副本xxxxx, code + xxxxx, no members, the same grants. */
async function copyGroup(db: Kysely<DB>, id: string, userId: string): Promise<string> {
  const source = await assertGroup(db, id);
  const suffix = randomBytes(3).toString('hex').slice(0, 5);
  const fullName = `${source.full_name}.副本${suffix}`;
  const enCode = `${source.en_code}${suffix}`;
  if ([...fullName].length > 50 || [...enCode].length > 50) throw AppError.badRequest('permissionGroups.copyTooLong');
  const copyId = newId();
  await withUniqueCode('permissionGroups.codeTaken', () =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('base_permission_group')
        .values({ id: copyId, full_name: fullName, en_code: enCode, sort_code: source.sort_code, enabled_mark: source.enabled_mark, description: source.description, creator_user_id: userId })
        .execute();
      const grants = await trx.selectFrom('base_authorize').select(['item_type', 'item_id']).where('object_type', '=', 'PermissionGroup').where('object_id', '=', id).execute();
      if (grants.length) await trx.insertInto('base_authorize').values(grants.map((g) => ({ id: newId(), item_type: g.item_type, item_id: g.item_id, object_type: 'PermissionGroup', object_id: copyId }))).execute();
    }),
  );
  return copyId;
}

const can = buttonsOf(AUTHORIZE_MENU);
const membersBody = { type: 'object', required: ['ids'], properties: { ids: { type: 'array', maxItems: 5000, items: { type: 'string', maxLength: 80 } }, id: { type: 'string', maxLength: 50 } } } as const;

export function permissionGroupRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }): void {
  permissionGroups.routes(app, { db });

  /** GET /PermissionMember/{id}: the members as JNPF's picker reads them, `{id, type, fullName}`. */
  async function listMembers(request: FastifyRequest<{ Params: { id: string } }>) {
    await assertGroup(db, request.params.id);
    const members = await db.selectFrom('base_permission_group_member').selectAll().where('group_id', '=', request.params.id).orderBy('member_type').orderBy('member_id').execute();
    const names = await memberNames(db, members);
    return ok({ list: members.map((m) => ({ id: m.member_id, type: m.member_type, fullName: names.get(`${m.member_id}--${m.member_type}`) ?? m.member_id })) });
  }

  /** POST /PermissionMember/{id}: the members become exactly these; checked first, replaced in one transaction. */
  async function saveMembers(request: FastifyRequest<{ Params: { id: string }; Body: { ids: string[] } }>) {
    const groupId = request.params.id;
    await assertGroup(db, groupId);
    await assertHoldsWhatItGrants(db, request.session!, groupId);
    const members = await checkedMembers(db, request.body.ids);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('base_permission_group_member').where('group_id', '=', groupId).execute();
      if (members.length) await trx.insertInto('base_permission_group_member').values(members.map((m) => ({ group_id: groupId, ...m }))).execute();
    });
    await app.grants.invalidate();
    return ok(null, request.t('permissionGroups.saved'));
  }

  async function copy(request: FastifyRequest<{ Params: { id: string } }>) {
    await assertHoldsWhatItGrants(db, request.session!, request.params.id);
    return ok({ id: await copyGroup(db, request.params.id, request.session!.userId) }, request.t('common.created'));
  }

  app.get<{ Params: { id: string } }>('/api/permission/PermissionGroup/PermissionMember/:id', { schema: { params: idParams }, config: { permission: { menu: AUTHORIZE_MENU } } }, listMembers);
  app.post<{ Params: { id: string }; Body: { ids: string[] } }>('/api/permission/PermissionGroup/PermissionMember/:id', { schema: { params: idParams, body: membersBody }, ...can('btn_edit') }, saveMembers);
  app.post<{ Params: { id: string } }>('/api/permission/PermissionGroup/:id/Actions/Copy', { schema: { params: idParams }, ...can('btn_add') }, copy);
}
