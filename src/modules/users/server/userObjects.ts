import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { containsPattern } from '../../../kernel/server/crud/listQuery.js';
import { DEFAULT_HEAD_ICON, loadOrganizeIndex, subtreeCondition, toPickerUser, pickerUserColumns, type OrganizeIndex } from './userDirectory.js';

/**
 * The objects pickers store and the users they stand for. JNPF lets a stored picker value name a user, an
 * organisation, a role, a position or a group, as "id" or "id--type" (type user, company, department, organize,
 * role, position, group). Here they are labelled (getSelectedList) and turned into users (getSelectedUserList,
 * UserCondition).
 */
export type ObjectKind = 'user' | 'organize' | 'role' | 'position' | 'group';
export interface ObjectRef {
  /** The value as stored, answered back so the client can match it. */
  value: string;
  id: string;
  kind?: ObjectKind;
}

const KIND_OF_TYPE: Record<string, ObjectKind> = {
  user: 'user', company: 'organize', department: 'organize', organize: 'organize', role: 'role', position: 'position', group: 'group',
};

export function parseRefs(values: unknown): ObjectRef[] {
  if (!Array.isArray(values)) return [];
  const refs: ObjectRef[] = [];
  for (const value of values.slice(0, 1000)) {
    if (typeof value !== 'string' || !value || value.length > 120) continue;
    const [id, type] = value.split('--');
    refs.push({ value, id, kind: type ? KIND_OF_TYPE[type.toLowerCase()] : undefined });
  }
  return refs;
}

/** Users (enabled or not) in one relation of any of these objects; organisations include everything below them. */
export function memberCondition(kind: Exclude<ObjectKind, 'user'>, ids: readonly string[]) {
  if (ids.length === 0) return sql<SqlBool>`false`;
  const list = sql.join([...ids]);
  if (kind === 'organize') {
    const subtree = sql.join(ids.map((id) => subtreeCondition('o2.id', id)), sql` or `);
    const orgIds = sql`(select o2.id from base_organize o2 where ${subtree})`;
    return sql<SqlBool>`(u.organize_id in ${orgIds} or exists (select 1 from base_user_relation r where r.user_id = u.id and r.object_type = 'Organize' and r.object_id in ${orgIds}))`;
  }
  const type = { role: 'Role', position: 'Position', group: 'Group' }[kind];
  const main = kind === 'position' ? sql`u.position_id in (${list}) or ` : sql``;
  return sql<SqlBool>`(${main}exists (select 1 from base_user_relation r where r.user_id = u.id and r.object_type = ${type} and r.object_id in (${list})))`;
}

/** Users whose main organisation is this one, or who belong to it; not those of organisations below it. */
export function directMembers(organizeId: string) {
  return sql<SqlBool>`(u.organize_id = ${organizeId} or exists (select 1 from base_user_relation r where r.user_id = u.id and r.object_type = 'Organize' and r.object_id = ${organizeId}))`;
}

/** The condition "the user is one of these, or a member of one of these objects"; false for no objects. */
export function anyOfCondition(refs: { user?: string[]; organize?: string[]; role?: string[]; position?: string[]; group?: string[] }) {
  const parts = [];
  if (refs.user?.length) parts.push(sql<SqlBool>`u.id in (${sql.join(refs.user)})`);
  for (const kind of ['organize', 'role', 'position', 'group'] as const) if (refs[kind]?.length) parts.push(memberCondition(kind, refs[kind]!));
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : sql<SqlBool>`false`;
}

/** Sorts refs by kind; an id without a kind is looked for as every kind (ids are unique across tables in practice). */
export function groupRefs(refs: readonly ObjectRef[]) {
  const groups = { user: [] as string[], organize: [] as string[], role: [] as string[], position: [] as string[], group: [] as string[] };
  for (const ref of refs) {
    if (ref.kind) groups[ref.kind].push(ref.id);
    else for (const kind of Object.keys(groups) as ObjectKind[]) groups[kind].push(ref.id);
  }
  return groups;
}

export function keywordCondition(keyword: unknown) {
  const text = typeof keyword === 'string' ? keyword.trim() : '';
  if (!text) return undefined;
  const pattern = containsPattern(text.slice(0, 100));
  return sql<SqlBool>`(u.account ilike ${pattern} or u.real_name ilike ${pattern})`;
}

export interface SelectedLabel {
  id: string;
  fullName: string;
  headIcon: string;
  organize: string;
  type: string;
  icon?: string;
}

/** Labels for stored picker values, in the order given; values naming nothing are left out. */
export async function labelRefs(db: Kysely<DB>, refs: readonly ObjectRef[], organizes?: OrganizeIndex): Promise<SelectedLabel[]> {
  const index = organizes ?? (await loadOrganizeIndex(db));
  const groups = groupRefs(refs);
  const users = groups.user.length ? await db.selectFrom('base_user as u').select(pickerUserColumns).where('u.id', 'in', groups.user).execute() : [];
  const roles = groups.role.length ? await db.selectFrom('base_role').select(['id', 'full_name']).where('id', 'in', groups.role).execute() : [];
  const positions = groups.position.length ? await db.selectFrom('base_position').select(['id', 'full_name', 'organize_id']).where('id', 'in', groups.position).execute() : [];
  const groupRows = groups.group.length ? await db.selectFrom('base_group').select(['id', 'full_name']).where('id', 'in', groups.group).execute() : [];
  const found = new Map<string, Omit<SelectedLabel, 'id'>>();
  const put = (kind: ObjectKind, id: string, label: Omit<SelectedLabel, 'id'>) => found.set(`${kind}:${id}`, label);
  for (const u of users) {
    const user = toPickerUser(u, index);
    put('user', u.id, { fullName: user.fullName, headIcon: user.headIcon, organize: user.organize, type: 'user', icon: user.icon });
  }
  for (const id of groups.organize) {
    const node = index.get(id);
    if (node) put('organize', id, { fullName: node.fullName, headIcon: '', organize: index.pathText(id), type: node.category, icon: node.category === 'company' ? 'icon-ym icon-ym-tree-organization3' : 'icon-ym icon-ym-tree-department1' });
  }
  for (const r of roles) put('role', r.id, { fullName: r.full_name, headIcon: '', organize: '', type: 'role', icon: 'icon-ym icon-ym-generator-role' });
  for (const p of positions) put('position', p.id, { fullName: p.full_name, headIcon: '', organize: index.pathText(p.organize_id), type: 'position', icon: 'icon-ym icon-ym-tree-position1' });
  for (const g of groupRows) put('group', g.id, { fullName: g.full_name, headIcon: '', organize: '', type: 'group', icon: 'icon-ym icon-ym-generator-group1' });
  const labels: SelectedLabel[] = [];
  for (const ref of refs) {
    const kinds: ObjectKind[] = ref.kind ? [ref.kind] : ['user', 'organize', 'role', 'position', 'group'];
    const label = kinds.map((kind) => found.get(`${kind}:${ref.id}`)).find(Boolean);
    if (label) labels.push({ id: ref.value, ...label, headIcon: label.headIcon || (label.type === 'user' ? DEFAULT_HEAD_ICON : '') });
  }
  return labels;
}
