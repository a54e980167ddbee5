import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { fixedStatement } from '../../../kernel/server/db/fixedStatement.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { Infrastructure } from '../../../kernel/server/infra/infrastructure.js';
import { organizeTableCache } from '../../organize/server/public.js';

/**
 * Reads the user screens and pickers share: organisation paths ("公司/部门"), each user's memberships and the
 * labels of picker rows. The organisation table is small (hundreds of rows), so it is read whole: once per request
 * inside a transaction (loadOrganizeIndex), and once per change of the table for the lists and pickers that only
 * read (sharedOrganizeIndex).
 */
type Db = Kysely<DB> | Transaction<DB>;

export const DEFAULT_HEAD_ICON = '/api/file/Image/userAvatar/default.png';
export type RelationType = 'Organize' | 'Position' | 'Role' | 'Group';

export interface OrganizeNode {
  id: string;
  parentId: string;
  fullName: string;
  category: string;
  enabledMark: number;
  sortCode: number;
  /** Ids from the top down to this node. */
  path: string[];
}

export interface OrganizeIndex {
  get(id: string): OrganizeNode | undefined;
  all(): OrganizeNode[];
  /** "公司/部门" for an organisation id ('' when unknown). */
  pathText(id: string | null | undefined): string;
  /** The nearest company at or above the organisation. */
  companyOf(id: string | null | undefined): string | undefined;
}

const organizeRows = fixedStatement((db) =>
  db.selectFrom('base_organize').select(['id', 'parent_id', 'full_name', 'category', 'enabled_mark', 'sort_code', 'organize_id_tree']).orderBy('sort_code').orderBy('id'),
);

export async function loadOrganizeIndex(db: Db): Promise<OrganizeIndex> {
  const { rows } = await organizeRows.run(db);
  const byId = new Map<string, OrganizeNode>();
  for (const r of rows) {
    const path = r.organize_id_tree ? r.organize_id_tree.split(',') : [r.id];
    // Frozen: a shared index serves many requests, and a caller that changed a node would change it for all.
    byId.set(r.id, Object.freeze({ id: r.id, parentId: r.parent_id, fullName: r.full_name, category: r.category, enabledMark: r.enabled_mark, sortCode: r.sort_code, path: Object.freeze(path) as string[] }));
  }
  // A list page names the same few organisations on every row: each path is joined once per index.
  const pathTexts = new Map<string, string>();
  return {
    get: (id) => byId.get(id),
    all: () => [...byId.values()],
    pathText: (id) => {
      const node = id ? byId.get(id) : undefined;
      if (!node) return '';
      let text = pathTexts.get(node.id);
      if (text === undefined) pathTexts.set(node.id, (text = node.path.map((step) => byId.get(step)?.fullName ?? '').filter(Boolean).join('/')));
      return text;
    },
    companyOf: (id) => {
      const node = id ? byId.get(id) : undefined;
      return node ? [...node.path].reverse().find((step) => byId.get(step)?.category === 'company') : undefined;
    },
  };
}

/**
 * The organisation index as of the table's last change, shared by this process's requests until the organize module
 * reports a write (organizeTableCache.ts). For reads outside a transaction: one that writes organisations, or must
 * see them as of its own snapshot, calls loadOrganizeIndex.
 */
export function sharedOrganizeIndex(db: Kysely<DB>, infra: Infrastructure): Promise<OrganizeIndex> {
  return organizeTableCache<OrganizeIndex>(infra).getOrLoad('index', () => loadOrganizeIndex(db));
}

/** The organisation and everything below it, by the tree path column. */
export function subtreeCondition(column: string, organizeId: string) {
  return sql<SqlBool>`${sql.ref(column)} in (select o.id from base_organize o where o.id = ${organizeId} or (',' || o.organize_id_tree || ',') like ${`%,${organizeId.replace(/[%_\\]/g, '\\$&')},%`})`;
}

export interface Memberships {
  Organize: string[];
  Position: string[];
  Role: string[];
  Group: string[];
}

const namedMembershipRows = fixedStatement((db, userIds: readonly string[]) =>
  db
    .selectFrom('base_user_relation as r')
    .leftJoin('base_position as p', (join) => join.on('r.object_type', '=', 'Position').onRef('p.id', '=', 'r.object_id'))
    .leftJoin('base_role as ro', (join) => join.on('r.object_type', '=', 'Role').onRef('ro.id', '=', 'r.object_id'))
    .select(['r.user_id', 'r.object_type', 'r.object_id', sql<string | null>`coalesce(p.full_name, ro.full_name)`.as('name')])
    .where('r.user_id', '=', sql<string>`any(${userIds})`)
    .orderBy('r.id'),
);

/**
 * Each user's memberships, with the names of the positions and roles among them, in one statement: a user list
 * names them on every row, and three round trips a page cost more than the join (issue 15).
 */
export async function loadNamedMemberships(db: Db, userIds: readonly string[]): Promise<{ memberships: Map<string, Memberships>; positions: Map<string, string>; roles: Map<string, string> }> {
  const memberships = new Map<string, Memberships>();
  const positions = new Map<string, string>();
  const roles = new Map<string, string>();
  for (const id of userIds) memberships.set(id, { Organize: [], Position: [], Role: [], Group: [] });
  if (userIds.length === 0) return { memberships, positions, roles };
  const { rows } = await namedMembershipRows.run(db, userIds);
  for (const r of rows) {
    const entry = memberships.get(r.user_id);
    if (entry && r.object_type in entry) entry[r.object_type as RelationType].push(r.object_id);
    if (r.name !== null) (r.object_type === 'Position' ? positions : roles).set(r.object_id, r.name);
  }
  return { memberships, positions, roles };
}

/** Each user's memberships, by kind (the names left out). */
export async function loadMemberships(db: Db, userIds: readonly string[]): Promise<Map<string, Memberships>> {
  return (await loadNamedMemberships(db, userIds)).memberships;
}

/** A user as the pickers show one (spec 001 §3 picker user / tree node). */
export interface PickerUser {
  id: string;
  fullName: string;
  realName: string;
  account: string;
  headIcon: string;
  organize: string;
  organizeId: string;
  type: 'user';
  icon: string;
  isLeaf: true;
  hasChildren: false;
  enabledMark: number;
  disabled: boolean;
  gender: number;
}

export const pickerUserColumns = ['u.id', 'u.account', 'u.real_name', 'u.head_icon', 'u.organize_id', 'u.enabled_mark', 'u.gender'] as const;

export function toPickerUser(
  row: { id: string; account: string; real_name: string; head_icon: string | null; organize_id: string; enabled_mark: number; gender: number },
  organizes: OrganizeIndex,
): PickerUser {
  return {
    id: row.id,
    fullName: `${row.real_name}/${row.account}`,
    realName: row.real_name,
    account: row.account,
    headIcon: row.head_icon ?? DEFAULT_HEAD_ICON,
    organize: organizes.pathText(row.organize_id),
    organizeId: row.organize_id,
    type: 'user',
    icon: 'icon-ym icon-ym-tree-user2',
    isLeaf: true,
    hasChildren: false,
    enabledMark: row.enabled_mark,
    disabled: row.enabled_mark !== 1,
    gender: row.gender,
  };
}

/** Picker users for ids, in the order asked; unknown ids are left out. */
export async function pickerUsersByIds(db: Db, ids: readonly string[], organizes?: OrganizeIndex): Promise<PickerUser[]> {
  const unique = [...new Set(ids.filter((id) => typeof id === 'string' && id))];
  if (unique.length === 0) return [];
  const index = organizes ?? (await loadOrganizeIndex(db));
  const rows = await db.selectFrom('base_user as u').select(pickerUserColumns).where('u.id', 'in', unique).execute();
  const byId = new Map(rows.map((r) => [r.id, toPickerUser(r, index)]));
  return unique.map((id) => byId.get(id)).filter((u): u is PickerUser => Boolean(u));
}
