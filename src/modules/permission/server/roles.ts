import { sql, type Kysely, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { namedRecordColumns, type NamedRecordInput } from '../../../kernel/server/crud/namedRecord.js';
import { assertCodeFree, withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { toggleEnabled } from '../../../kernel/server/crud/toggleEnabled.js';

/**
 * Roles (spec 000 §7 Roles, JNPF's /permission/Role). A global role (globalMark 1) serves the whole system; an
 * organisation role (globalMark 0) belongs to one or more organisations (base_role_organize), chosen in the form
 * as paths of ids (organizeIdsTree, a cascader's value) of which the last id counts.
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface RoleInput extends NamedRecordInput {
  globalMark?: unknown;
  organizeIdsTree?: unknown;
  organizeIds?: unknown;
}

const names = { name: { required: 'roles.nameRequired', tooLong: 'roles.nameTooLong' }, code: { required: 'roles.codeRequired', tooLong: 'roles.codeTooLong' } } as const;

/** Every organisation's id path and its "公司/部门" text, from organize_id_tree. */
export async function organisationPaths(db: Db): Promise<Map<string, { fullName: string; category: string; parentId: string; ids: string[]; text: string; sortCode: number }>> {
  const rows = await db.selectFrom('base_organize').select(['id', 'full_name', 'category', 'parent_id', 'organize_id_tree', 'sort_code']).execute();
  const nameOf = new Map(rows.map((r) => [r.id, r.full_name]));
  return new Map(
    rows.map((r) => {
      const ids = (r.organize_id_tree || r.id).split(',').filter(Boolean);
      return [r.id, { fullName: r.full_name, category: r.category, parentId: r.parent_id, ids, text: ids.map((id) => nameOf.get(id) ?? id).join('/'), sortCode: r.sort_code }];
    }),
  );
}

async function organizeIdsOfRoles(db: Db, roleIds: readonly string[]): Promise<Map<string, string[]>> {
  if (roleIds.length === 0) return new Map();
  const rows = await db.selectFrom('base_role_organize').select(['role_id', 'organize_id']).where('role_id', 'in', [...roleIds]).execute();
  const map = new Map<string, string[]>();
  for (const row of rows) map.set(row.role_id, [...(map.get(row.role_id) ?? []), row.organize_id]);
  return map;
}

export const roleListSpec: ListSpec = {
  keywordColumns: ['full_name', 'en_code'],
  sortable: { fullName: 'full_name', enCode: 'en_code', sortCode: 'sort_code', creatorTime: 'created_at', enabledMark: 'enabled_mark' },
  defaultOrder: [['sort_code', 'asc'], ['created_at', 'desc']],
  filters: { enabledMark: { column: 'enabled_mark', searchType: 1 }, globalMark: { column: 'global_mark', searchType: 1 } },
};

/**
 * The list. organizeId: empty for every role, `0` for the global roles, an organisation's id for the roles of
 * that organisation (JNPF's reading). type/globalMark filter by kind as well.
 */
export async function listRoles(db: Kysely<DB>, params: ListParams & { organizeId?: string; type?: string }, typeText: (global: boolean) => string) {
  let query = db.selectFrom('base_role').select(['id', 'full_name', 'en_code', 'global_mark', 'enabled_mark', 'sort_code', 'description', 'created_at']);
  const organizeId = params.organizeId ?? '';
  if (organizeId === '0') query = query.where('global_mark', '=', 1);
  else if (organizeId) query = query.where('global_mark', '=', 0).where('id', 'in', db.selectFrom('base_role_organize').select('role_id').where('organize_id', '=', organizeId));
  const globalMark = params.globalMark ?? params.type;
  const page = await listQuery(query, { ...params, globalMark: globalMark === '0' || globalMark === '1' ? globalMark : undefined }, roleListSpec);
  const paths = await organisationPaths(db);
  const organizeIds = await organizeIdsOfRoles(db, page.list.map((r) => r.id));
  return {
    list: page.list.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      enCode: r.en_code,
      globalMark: r.global_mark,
      type: typeText(r.global_mark === 1),
      organizeInfo: (organizeIds.get(r.id) ?? []).map((id) => paths.get(id)?.text ?? id).join(','),
      enabledMark: r.enabled_mark,
      sortCode: r.sort_code,
      description: r.description,
      creatorTime: new Date(r.created_at).getTime(),
    })),
    pagination: page.pagination,
  };
}

export async function getRole(db: Db, id: string) {
  const role = await db.selectFrom('base_role').selectAll().where('id', '=', id).executeTakeFirst();
  if (!role) throw new AppError(ResultCode.notFound, 'roles.notFound');
  const paths = await organisationPaths(db);
  const organizeIds = (await organizeIdsOfRoles(db, [id])).get(id) ?? [];
  return {
    id: role.id,
    fullName: role.full_name,
    enCode: role.en_code,
    globalMark: role.global_mark,
    enabledMark: role.enabled_mark,
    sortCode: role.sort_code,
    description: role.description,
    organizeIds,
    organizeIdsTree: organizeIds.map((o) => paths.get(o)?.ids ?? [o]),
  };
}

/** The organisations of an organisation role: the last id of each path in organizeIdsTree, or organizeIds. */
function organisationsOf(input: RoleInput): string[] {
  const fromTree = Array.isArray(input.organizeIdsTree)
    ? input.organizeIdsTree.map((path) => (Array.isArray(path) ? path[path.length - 1] : path))
    : [];
  const plain = Array.isArray(input.organizeIds) ? input.organizeIds : [];
  const ids = [...fromTree, ...plain];
  if (!ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 50)) throw AppError.badRequest('roles.organizeNotFound');
  return [...new Set(ids as string[])];
}

async function checkedColumns(db: Db, input: RoleInput, exceptId?: string) {
  const columns = namedRecordColumns(input, names);
  const globalMark = input.globalMark === 0 || input.globalMark === '0' ? 0 : 1;
  const organizeIds = globalMark === 0 ? organisationsOf(input) : [];
  if (globalMark === 0) {
    if (organizeIds.length === 0) throw AppError.badRequest('roles.organizeRequired');
    const found = await db.selectFrom('base_organize').select('id').where('id', 'in', organizeIds).execute();
    if (found.length !== organizeIds.length) throw AppError.badRequest('roles.organizeNotFound');
  }
  const sameName = await db
    .selectFrom('base_role')
    .select('id')
    .where('full_name', '=', columns.full_name)
    .where('global_mark', '=', globalMark)
    .$if(Boolean(exceptId), (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst();
  if (sameName) throw new AppError(ResultCode.conflict, 'roles.nameExists');
  await assertCodeFree(db, { table: 'base_role', message: 'roles.codeExists' }, columns.en_code, exceptId);
  return { columns: { ...columns, global_mark: globalMark }, organizeIds };
}

async function writeOrganisations(trx: Transaction<DB>, roleId: string, organizeIds: readonly string[]) {
  await trx.deleteFrom('base_role_organize').where('role_id', '=', roleId).execute();
  if (organizeIds.length) await trx.insertInto('base_role_organize').values(organizeIds.map((organize_id) => ({ role_id: roleId, organize_id }))).execute();
}

export async function createRole(db: Kysely<DB>, input: RoleInput): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { columns, organizeIds } = await checkedColumns(trx, input);
    const id = newId();
    await withUniqueCode('roles.codeExists', () => trx.insertInto('base_role').values({ id, ...columns }).execute());
    await writeOrganisations(trx, id, organizeIds);
    return id;
  });
}

export async function updateRole(db: Kysely<DB>, id: string, input: RoleInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('base_role').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!existing) throw new AppError(ResultCode.notFound, 'roles.notFound');
    const { columns, organizeIds } = await checkedColumns(trx, input, id);
    await withUniqueCode('roles.codeExists', () => trx.updateTable('base_role').set(columns).where('id', '=', id).execute());
    await writeOrganisations(trx, id, organizeIds);
  });
}

/** Refused while any user holds the role; its grants and organisations go with it. */
export async function deleteRole(db: Kysely<DB>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('base_role').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!existing) throw new AppError(ResultCode.notFound, 'roles.notFound');
    const { count } = await trx
      .selectFrom('base_user_relation')
      .select(sql<number>`count(*)`.as('count'))
      .where('object_type', '=', 'Role')
      .where('object_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) throw AppError.badRequest('roles.inUse', { count: Number(count) });
    await trx.deleteFrom('base_authorize').where('object_type', '=', 'Role').where('object_id', '=', id).execute();
    await trx.deleteFrom('base_role_organize').where('role_id', '=', id).execute();
    await trx.deleteFrom('base_role').where('id', '=', id).execute();
  });
}

export const toggleRole = (db: Kysely<DB>, id: string) => toggleEnabled(db, 'base_role', id, 'roles.notFound');

const ROLE_ICON = 'icon-ym icon-ym-generator-role';
const organisationIcon = (category: string) => (category === 'company' ? 'icon-ym icon-ym-tree-organization3' : 'icon-ym icon-ym-tree-department1');

export interface RoleNode {
  id: string;
  fullName: string;
  enCode?: string;
  type: string;
  onlyId: string;
  parentId: string;
  icon: string;
  organize?: string;
  organizeIds?: string[];
  hasChildren: boolean;
  isLeaf: boolean;
  children: RoleNode[];
}

/**
 * The role picker's tree (JNPF's Selector): the organisations leading to organisation roles, each role a leaf
 * (type `role`, onlyId unique per place, since a role of two organisations appears twice), then one node
 * 全局 (id `1`, onlyId `organizeList_0`) holding the global roles. Disabled roles are not offered.
 * `withinOrganizeIds` narrows the organisation part; `withGlobal` false leaves the global node out.
 */
export async function roleSelector(db: Kysely<DB>, options: { withinOrganizeIds?: ReadonlySet<string>; withGlobal: boolean; globalName: string }) {
  const roles = await db.selectFrom('base_role').select(['id', 'full_name', 'en_code', 'global_mark', 'sort_code']).where('enabled_mark', '=', 1).orderBy('sort_code').orderBy('full_name').execute();
  const paths = await organisationPaths(db);
  const links = await organizeIdsOfRoles(db, roles.filter((r) => r.global_mark === 0).map((r) => r.id));
  const nodes = new Map<string, RoleNode>();
  const organisationNode = (id: string): RoleNode | undefined => {
    const existing = nodes.get(id);
    if (existing) return existing;
    const path = paths.get(id);
    if (!path) return undefined;
    const node: RoleNode = { id, fullName: path.fullName, type: path.category, onlyId: `organize_${id}`, parentId: path.parentId, icon: organisationIcon(path.category), organize: path.text, organizeIds: path.ids, hasChildren: true, isLeaf: false, children: [] };
    nodes.set(id, node);
    const parent = path.parentId !== '-1' ? organisationNode(path.parentId) : undefined;
    if (parent && !parent.children.includes(node)) parent.children.push(node);
    return node;
  };
  for (const role of roles.filter((r) => r.global_mark === 0)) {
    for (const organizeId of links.get(role.id) ?? []) {
      if (options.withinOrganizeIds && !options.withinOrganizeIds.has(organizeId)) continue;
      const parent = organisationNode(organizeId);
      if (!parent) continue;
      const path = paths.get(organizeId)!;
      parent.children.push({ id: role.id, fullName: role.full_name, enCode: role.en_code, type: 'role', onlyId: `role_${organizeId}_${role.id}`, parentId: organizeId, icon: ROLE_ICON, organize: path.text, organizeIds: path.ids, hasChildren: false, isLeaf: true, children: [] });
    }
  }
  // Organisations first (by sort code), roles after them, as JNPF orders the tree.
  const order = (list: RoleNode[]) => {
    list.sort((a, b) => Number(a.type === 'role') - Number(b.type === 'role') || (paths.get(a.id)?.sortCode ?? 0) - (paths.get(b.id)?.sortCode ?? 0));
    list.forEach((n) => order(n.children));
  };
  const top = [...nodes.values()].filter((n) => n.parentId === '-1' || !nodes.has(n.parentId));
  order(top);
  if (options.withGlobal) {
    const globals: RoleNode[] = roles
      .filter((r) => r.global_mark === 1)
      .map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code, type: 'role', onlyId: `role_global_${r.id}`, parentId: '1', icon: ROLE_ICON, hasChildren: false, isLeaf: true, children: [] }));
    top.push({ id: '1', fullName: options.globalName, type: 'global', onlyId: 'organizeList_0', parentId: '-1', icon: 'icon-ym icon-ym-global-role', hasChildren: globals.length > 0, isLeaf: false, children: globals });
  }
  return top;
}

/** JNPF's getListByOrgIds: per organisation asked for, its enabled organisation roles; then 全局 (id `0`) with the global roles. */
export async function rolesByOrganisations(db: Kysely<DB>, organizeIds: readonly string[], globalName: string) {
  const roles = await db.selectFrom('base_role').select(['id', 'full_name', 'en_code', 'global_mark']).where('enabled_mark', '=', 1).orderBy('sort_code').orderBy('full_name').execute();
  const paths = await organisationPaths(db);
  const links = await organizeIdsOfRoles(db, roles.filter((r) => r.global_mark === 0).map((r) => r.id));
  const leaf = (r: (typeof roles)[number], parentId: string) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code, type: 'role', parentId, icon: ROLE_ICON, hasChildren: false, isLeaf: true });
  const list: unknown[] = [];
  for (const organizeId of new Set(organizeIds)) {
    const path = paths.get(organizeId);
    if (!path) continue;
    const children = roles.filter((r) => r.global_mark === 0 && (links.get(r.id) ?? []).includes(organizeId)).map((r) => leaf(r, organizeId));
    list.push({ id: organizeId, fullName: path.fullName, type: path.category, organize: path.text, organizeIds: path.ids, icon: organisationIcon(path.category), hasChildren: true, children });
  }
  list.push({ id: '0', fullName: globalName, type: 'global', hasChildren: true, children: roles.filter((r) => r.global_mark === 1).map((r) => leaf(r, '0')) });
  return list;
}
