import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { DEFAULT_LANGUAGE } from '../../../shared/language.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { defineEntity, type EntityCaller } from '../../../kernel/server/crud/defineEntity.js';
import type { ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { namedRecordColumns, type NamedRecordInput } from '../../../kernel/server/crud/namedRecord.js';
import { namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { translate, type MessageKey } from '../../../kernel/server/locales/messages.js';
import { deleteGrantsOf } from './authorize.js';

/** The role page, and the permission page that gives roles their permissions. */
export const ROLE_MENU = 'permission.role';
export const AUTHORIZE_MENU = 'permission.authorize';

const roleBody = {
  type: 'object',
  properties: {
    ...namedRecordProperties,
    globalMark: { type: ['integer', 'string'], enum: [0, 1, '0', '1'] },
    organizeIdsTree: { type: 'array', maxItems: 500, items: { type: ['array', 'string'], maxItems: 20, items: { type: 'string', maxLength: 50 } } },
    organizeIds: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 50 } },
  },
} as const;

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

const globalMarkOf = (input: RoleInput) => (input.globalMark === 0 || input.globalMark === '0' ? 0 : 1);

/** The named record's rules, and an organisation role's organisations, which must exist. */
async function roleColumns(db: Db, input: RoleInput) {
  const columns = namedRecordColumns(input, names);
  const globalMark = globalMarkOf(input);
  if (globalMark === 0) {
    const organizeIds = organisationsOf(input);
    if (organizeIds.length === 0) throw AppError.badRequest('roles.organizeRequired');
    const found = await db.selectFrom('base_organize').select('id').where('id', 'in', organizeIds).execute();
    if (found.length !== organizeIds.length) throw AppError.badRequest('roles.organizeNotFound');
  }
  return { ...columns, global_mark: globalMark };
}

type RoleRow = Selectable<DB['base_role']>;

/** A page of roles as the list and the form read them: kind in the caller's language, organisations as paths and ids. */
async function views(db: Db, rows: RoleRow[], caller: EntityCaller) {
  const paths = await organisationPaths(db);
  const organizeIds = await organizeIdsOfRoles(db, rows.map((r) => r.id));
  const t = caller.t ?? ((key: MessageKey) => translate(DEFAULT_LANGUAGE, key));
  return rows.map((r) => {
    const ids = organizeIds.get(r.id) ?? [];
    return {
      id: r.id,
      fullName: r.full_name,
      enCode: r.en_code,
      globalMark: r.global_mark,
      type: t(r.global_mark === 1 ? 'roles.typeGlobal' : 'roles.typeOrganize'),
      organizeInfo: ids.map((id) => paths.get(id)?.text ?? id).join(','),
      enabledMark: r.enabled_mark,
      sortCode: r.sort_code,
      description: r.description,
      creatorTime: new Date(r.created_at).getTime(),
      organizeIds: ids,
      organizeIdsTree: ids.map((o) => paths.get(o)?.ids ?? [o]),
    };
  });
}

/**
 * /api/permission/Role: the list, the record and the writes of the role page. The permission page lists roles to
 * give them permissions, so opening either page reads them. Roles have no organisation column or owner a data
 * scheme would narrow by. Names are unique among roles of one kind, codes across all; a role held by a user is not
 * deleted, and its grants and organisations go with it. Any change but a create changes what holders may do.
 */
export const roles = defineEntity({
  table: 'base_role',
  path: '/api/permission/Role',
  menu: ROLE_MENU,
  list: roleListSpec,
  queryProperties: { organizeId: { type: 'string', maxLength: 50 }, type: { type: 'string', maxLength: 10 }, globalMark: { type: 'string', enum: ['', '0', '1'] } },
  body: roleBody,
  messages: { notFound: 'roles.notFound' },
  unique: { code: 'roles.codeExists', name: { message: 'roles.nameExists', within: 'global_mark' } },
  scoped: false,
  // Its list never had column permissions; declaring it keeps the answer as it was.
  columnPermissions: false,
  reads: { alsoMenus: [AUTHORIZE_MENU] },
  views,
  // The list's rows without the form's ids; the form's record without the list's texts.
  listed: ({ organizeIds: _ids, organizeIdsTree: _tree, ...row }) => row,
  info: ({ id, fullName, enCode, globalMark, enabledMark, sortCode, description, organizeIds, organizeIdsTree }) => ({ id, fullName, enCode, globalMark, enabledMark, sortCode, description, organizeIds, organizeIdsTree }),
  columns: roleColumns,
  // type is JNPF's older name of globalMark.
  listParams: async (_db, params) => {
    const globalMark = params.globalMark ?? params.type;
    return { ...params, globalMark: globalMark === '0' || globalMark === '1' ? globalMark : undefined };
  },
  // organizeId: empty for every role, `0` for the global roles, an organisation's id for that organisation's roles.
  listSelect: async (db, params) => {
    const organizeId = typeof params.organizeId === 'string' ? params.organizeId : '';
    const all = db.selectFrom('base_role').selectAll();
    if (organizeId === '0') return all.where('global_mark', '=', 1);
    if (organizeId) return all.where('global_mark', '=', 0).where('id', 'in', db.selectFrom('base_role_organize').select('role_id').where('organize_id', '=', organizeId));
    return all;
  },
  afterSave: async (trx, id, input) => {
    await trx.deleteFrom('base_role_organize').where('role_id', '=', id).execute();
    const organizeIds = globalMarkOf(input) === 0 ? organisationsOf(input) : [];
    if (organizeIds.length) await trx.insertInto('base_role_organize').values(organizeIds.map((organize_id) => ({ role_id: id, organize_id }))).execute();
  },
  beforeRemove: async (trx, role) => {
    const { count } = await trx
      .selectFrom('base_user_relation')
      .select(sql<number>`count(*)`.as('count'))
      .where('object_type', '=', 'Role')
      .where('object_id', '=', role.id)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) throw AppError.badRequest('roles.inUse', { count: Number(count) });
    await deleteGrantsOf(trx, 'Role', role.id);
    await trx.deleteFrom('base_role_organize').where('role_id', '=', role.id).execute();
  },
  afterWrite: (app, write) => (write === 'create' ? undefined : app.grants.invalidate()),
});

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
