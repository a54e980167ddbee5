import { sql, type Kysely, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { rules } from '../../../shared/validation/rules.js';
import { TREE_TOP_NODE_ID } from '../../../shared/constants.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { applyDataScope, type DataScopeRequest } from '../../../kernel/server/crud/dataScope.js';
import { assertInScope, recordScope, type RecordScope } from '../../../kernel/server/crud/recordScope.js';
import { keepMatchesWithAncestors } from '../../../kernel/server/crud/tree.js';
import { namedRecordColumns } from '../../../kernel/server/crud/namedRecord.js';
import { assertCodeFree, withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { toggleEnabled } from '../../../kernel/server/crud/toggleEnabled.js';
import type { MessageKey } from '../../../kernel/server/locales/messages.js';
import {
  ICONS,
  ORGANIZE_CATEGORIES,
  authorisedRows,
  byTreeOrder,
  isTopParent,
  isWithin,
  nest,
  pathIds,
  pathText,
  withoutSubtree,
  type OrganizeCategory,
  type OrganizeRow,
} from './organizeTree.js';

/**
 * Companies and departments, one tree (spec 000 §7 Organize and Department). The top level holds companies; a
 * department sits under a company or a department; a company may sit under a company. organize_id_tree (the
 * ids from the top down to the node) is rewritten for the node and everything below it whenever a node moves.
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface OrganizeInput {
  parentId?: string | null;
  fullName?: string;
  enCode?: string;
  category?: string;
  /** The department head; JNPF 3.4 clients send it as manager. */
  managerId?: string | null;
  manager?: string | null;
  sortCode?: number | string | null;
  enabledMark?: number;
  description?: string | null;
  /** JNPF's particulars: an object (3.6 and 3.4 forms send one) or its JSON text; left out, they stay as they are. */
  propertyJson?: unknown;
}

/** The longest particulars text kept. */
const PARTICULARS_MAX_LENGTH = 10_000;

/** Particulars as stored: the JSON text of one object, null to clear; undefined when the input leaves them out. */
function particularsOf(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw AppError.badRequest('organize.particularsInvalid');
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw AppError.badRequest('organize.particularsInvalid');
  const text = JSON.stringify(parsed);
  if (text.length > PARTICULARS_MAX_LENGTH) throw AppError.badRequest('organize.particularsInvalid');
  return text;
}

export async function loadOrganizations(db: Db): Promise<OrganizeRow[]> {
  const rows = await db.selectFrom('base_organize').selectAll().execute();
  return rows.sort(byTreeOrder);
}

async function managerNames(db: Db, rows: OrganizeRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.manager_id).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return new Map();
  const users = await db.selectFrom('base_user').select(['id', 'real_name', 'account']).where('id', 'in', ids).execute();
  return new Map(users.map((user) => [user.id, `${user.real_name}/${user.account}`]));
}

/** One organisation as JNPF's lists, trees and pickers read it. */
function nodeOf(row: OrganizeRow, byId: ReadonlyMap<string, OrganizeRow>, managers: ReadonlyMap<string, string>, selectable = true) {
  return {
    id: row.id,
    parentId: row.parent_id,
    fullName: row.full_name,
    enCode: row.en_code,
    category: row.category,
    type: row.category,
    icon: row.category === 'company' ? ICONS.company : ICONS.department,
    managerId: row.manager_id,
    manager: row.manager_id,
    managerName: (row.manager_id && managers.get(row.manager_id)) || null,
    sortCode: row.sort_code,
    enabledMark: row.enabled_mark,
    description: row.description,
    creatorTime: row.created_at,
    lastModifyTime: row.last_modify_time,
    organize: pathText(row, byId),
    organizeIds: pathIds(row),
    organizeIdTree: row.organize_id_tree,
    disabled: !selectable || row.enabled_mark !== 1,
  };
}

async function treeOf(db: Db, rows: OrganizeRow[], all: OrganizeRow[], selectable: (row: OrganizeRow) => boolean = () => true) {
  const byId = new Map(all.map((row) => [row.id, row]));
  const managers = await managerNames(db, rows);
  return nest(rows.map((row) => nodeOf(row, byId, managers, selectable(row))));
}

/** An organisation is in scope when it is one of the scope's organisations; custom conditions name these fields. */
const ORGANIZE_SCOPE_COLUMNS = {
  organizeColumn: 'id',
  fields: { id: 'id', fullName: 'full_name', enCode: 'en_code', category: 'category', type: 'category', parentId: 'parent_id', enabledMark: 'enabled_mark', sortCode: 'sort_code', creatorTime: 'created_at' },
};

export interface OrganizeListQuery {
  keyword?: string;
  enabledMark?: string;
  /** company or department: only nodes of that category (departments keep their companies as context). */
  type?: string;
}

/**
 * GET /permission/Organize/{companyId}/Department (JNPF 3.4's 部门管理): the company's departments as a tree, without
 * its sub-companies and their departments (each company has its own page there). An unknown company has none.
 */
export async function departmentsOfCompany(db: Db, companyId: string, query: OrganizeListQuery, scope?: DataScopeRequest) {
  type Node = Awaited<ReturnType<typeof organizeList>>[number];
  const find = (nodes: Node[]): Node | undefined => {
    for (const node of nodes) {
      if (node.id === companyId) return node;
      const inside = find((node.children ?? []) as Node[]);
      if (inside) return inside;
    }
    return undefined;
  };
  const departmentsOnly = (nodes: Node[]): Node[] => nodes.filter((node) => node.type === 'department').map((node) => ({ ...node, children: departmentsOnly((node.children ?? []) as Node[]) }));
  const company = find(await organizeList(db, { ...query, type: 'department' }, scope));
  return company?.type === 'company' ? departmentsOnly((company.children ?? []) as Node[]) : [];
}

/** GET /permission/Organize: the whole tree, filtered by keyword (matches keep their ancestors) and data scope. */
export async function organizeList(db: Db, query: OrganizeListQuery, scope?: DataScopeRequest) {
  const all = await loadOrganizations(db);
  let rows = all;
  if (scope && !scope.isAdministrator) {
    const visible = new Set((await (await applyDataScope(db.selectFrom('base_organize').select('id'), ORGANIZE_SCOPE_COLUMNS, scope)).execute()).map((r) => r.id));
    rows = rows.filter((row) => visible.has(row.id));
  }
  if (query.enabledMark === '0' || query.enabledMark === '1') rows = rows.filter((row) => row.enabled_mark === Number(query.enabledMark));
  if (query.type === 'company') rows = rows.filter((row) => row.category === 'company');
  if (query.type === 'department') rows = keepMatchesWithAncestors(rows.map(withParent), (row) => row.category === 'department').map(withoutParent);
  const keyword = (query.keyword ?? '').trim().toLowerCase();
  if (keyword) rows = keepMatchesWithAncestors(rows.map(withParent), (row) => row.full_name.toLowerCase().includes(keyword) || row.en_code.toLowerCase().includes(keyword)).map(withoutParent);
  return treeOf(db, rows, all);
}

// keepMatchesWithAncestors reads parentId; the rows carry parent_id.
const withParent = (row: OrganizeRow) => ({ ...row, parentId: row.parent_id });
const withoutParent = ({ parentId: _parentId, ...row }: OrganizeRow & { parentId: string }): OrganizeRow => row;

export interface SelectorOptions {
  /** An organisation left out with everything below it (the node being edited); 0 for none. */
  excludeId?: string;
  /** company: companies only (the parent picker of a company). */
  category?: string;
  keyword?: string;
}

function selectorRows(all: OrganizeRow[], options: SelectorOptions): OrganizeRow[] {
  let rows = withoutSubtree(all, options.excludeId);
  if (options.category === 'company') rows = rows.filter((row) => row.category === 'company');
  const keyword = (options.keyword ?? '').trim().toLowerCase();
  if (keyword) rows = keepMatchesWithAncestors(rows.map(withParent), (row) => row.full_name.toLowerCase().includes(keyword)).map(withoutParent);
  return rows;
}

/** Organize/Selector/{id} and Department/Selector/{id}: every company and department; disabled ones marked so. */
export async function organizeSelector(db: Db, options: SelectorOptions) {
  const all = await loadOrganizations(db);
  return treeOf(db, selectorRows(all, options), all);
}

/** The organisations a user belongs to: the main one (base_user.organize_id) and the memberships. */
export async function ownOrganizeIds(db: Db, userId: string): Promise<Set<string>> {
  const user = await db.selectFrom('base_user').select('organize_id').where('id', '=', userId).executeTakeFirst();
  const relations = await db.selectFrom('base_user_relation').select('object_id').where('user_id', '=', userId).where('object_type', '=', 'Organize').execute();
  const ids = new Set(relations.map((r) => r.object_id));
  if (user?.organize_id) ids.add(user.organize_id);
  return ids;
}

/**
 * SelectorByAuth: the administrator sees every organisation; anyone else their own organisations and everything
 * below them, with the ancestors shown as disabled so the tree stays connected (docs: organisation authorisation).
 */
export async function organizeSelectorByAuth(db: Db, session: { userId: string; isAdministrator: boolean }, options: SelectorOptions) {
  const all = await loadOrganizations(db);
  const rows = selectorRows(all, options);
  if (session.isAdministrator) return treeOf(db, rows, all);
  const shown = authorisedRows(rows, await ownOrganizeIds(db, session.userId));
  const selectable = new Set(shown.filter((s) => s.selectable).map((s) => s.row.id));
  return treeOf(db, shown.map((s) => s.row), all, (row) => selectable.has(row.id));
}

/** GET /Organize/Tree: the companies, nested (JNPF's 组织/公司树形), enabled ones only. */
export async function companyTree(db: Db) {
  const all = await loadOrganizations(db);
  return treeOf(db, all.filter((row) => row.category === 'company' && row.enabled_mark === 1), all);
}

/** POST /Organize/getAllOrg: every enabled organisation, flat. */
export async function allOrganizations(db: Db) {
  const all = await loadOrganizations(db);
  const byId = new Map(all.map((row) => [row.id, row]));
  return all
    .filter((row) => row.enabled_mark === 1)
    .map((row) => ({ id: row.id, fullName: row.full_name, category: row.category, parentId: row.parent_id, organize: pathText(row, byId) }));
}

/** JNPF's custom ranges name organisations as id or "id--department"/"id--company". */
export const plainIds = (ids: unknown): string[] =>
  Array.isArray(ids) ? [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== '').map((id) => id.split('--')[0]))] : [];

/**
 * OrganizeCondition: the departments of a custom range (departIds) and everything below them, enabled ones,
 * optionally matching a keyword. Each node carries lastFullName (its own name); a root's fullName is its path.
 */
export async function organizeCondition(db: Db, input: { departIds?: unknown; ids?: unknown; keyword?: string }) {
  const all = await loadOrganizations(db);
  const byId = new Map(all.map((row) => [row.id, row]));
  const roots = new Set([...plainIds(input.departIds), ...plainIds(input.ids)]);
  let rows = all.filter((row) => row.enabled_mark === 1 && pathIds(row).some((id) => roots.has(id)));
  const keyword = (input.keyword ?? '').trim().toLowerCase();
  if (keyword) rows = rows.filter((row) => row.full_name.toLowerCase().includes(keyword));
  const nodes = nest(rows.map((row) => ({ ...nodeOf(row, byId, new Map()), lastFullName: row.full_name })));
  return nodes.map((node) => ({ ...node, fullName: node.organize }));
}

async function getRow(db: Db, id: string, notFound: MessageKey = 'organize.notFound'): Promise<OrganizeRow> {
  const row = await db.selectFrom('base_organize').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, notFound);
  return row;
}

const notFoundOf = (category?: OrganizeCategory): MessageKey => (category === 'department' ? 'organize.departmentNotFound' : 'organize.notFound');
const selectNode = (db: Db, id: string) => db.selectFrom('base_organize').select('id').where('id', '=', id);

/**
 * The organisation a call by id names, when the caller's scope on the page shows it (recordScope.ts): else not
 * found, as an unknown id; with onlyCategory, a node of another category is not found either.
 */
async function reachableRow(db: Db, id: string, scope: RecordScope, onlyCategory?: OrganizeCategory): Promise<OrganizeRow> {
  const notFound = notFoundOf(onlyCategory);
  await assertInScope(selectNode(db, id), scope, { notFound });
  const row = await getRow(db, id, notFound);
  if (onlyCategory && row.category !== onlyCategory) throw new AppError(ResultCode.notFound, notFound);
  return row;
}

/**
 * Where a node is placed (created, or moved to another parent) must be in the caller's scope: its parent, or the
 * top, which no organisation scope holds. A new node's own id cannot be tested, since the scope was resolved
 * before it existed; its parent is what the caller chooses.
 */
const assertPlaceInScope = (db: Db, parentId: string, scope: RecordScope) => assertInScope(selectNode(db, parentId), scope, { outside: 'organize.outsideScope' });

/** GET /Organize/{id} and /Department/{id}: the form's record; organizeIdTree lists the ancestors (["-1"] at the top). */
export async function getOrganize(db: Db, id: string, category?: OrganizeCategory, scope?: DataScopeRequest) {
  const row = await reachableRow(db, id, await recordScope(scope, ORGANIZE_SCOPE_COLUMNS), category);
  const all = await loadOrganizations(db);
  const byId = new Map(all.map((r) => [r.id, r]));
  const parent = byId.get(row.parent_id);
  const ancestors = pathIds(row).slice(0, -1);
  return {
    ...nodeOf(row, byId, await managerNames(db, [row])),
    parentName: parent?.full_name ?? null,
    parentCategory: parent?.category ?? null,
    // As JNPF's forms parse it: text, or null when none was kept.
    propertyJson: row.property_json,
    organizeIdTree: ancestors.length > 0 ? ancestors : [TREE_TOP_NODE_ID],
  };
}

const nameMessages = { required: 'organize.nameRequired', tooLong: 'organize.nameTooLong' } as const;
const codeMessages = { required: 'organize.codeRequired', tooLong: 'organize.codeTooLong' } as const;
const codeRule = { table: 'base_organize', message: 'organize.codeTaken' } as const;

/** The checked columns of a company or department, and its parent row (undefined at the top). */
async function validate(db: Db, input: OrganizeInput, category: OrganizeCategory, currentId?: string) {
  const named = namedRecordColumns(input, { name: nameMessages, code: codeMessages });
  if (!rules.code.test(named.en_code)) throw AppError.badRequest('organize.codeInvalid');
  let parent: OrganizeRow | undefined;
  if (isTopParent(input.parentId)) {
    if (category === 'department') throw AppError.badRequest('organize.departmentAtTop');
  } else {
    parent = await db.selectFrom('base_organize').selectAll().where('id', '=', String(input.parentId)).executeTakeFirst();
    if (!parent) throw AppError.badRequest('organize.parentNotFound');
    if (currentId && isWithin(parent, currentId)) throw AppError.badRequest('organize.moveUnderSelf');
    if (category === 'company' && parent.category === 'department') throw AppError.badRequest('organize.companyUnderDepartment');
  }
  const managerValue = input.managerId ?? input.manager;
  const managerId = typeof managerValue === 'string' && managerValue.trim() ? managerValue.trim() : null;
  if (managerId && !(await db.selectFrom('base_user').select('id').where('id', '=', managerId).executeTakeFirst())) {
    throw AppError.badRequest('organize.managerNotFound');
  }
  const parentId = parent?.id ?? TREE_TOP_NODE_ID;
  const sibling = await db
    .selectFrom('base_organize')
    .select('id')
    .where('parent_id', '=', parentId)
    .where('full_name', '=', named.full_name)
    .$if(Boolean(currentId), (q) => q.where('id', '<>', currentId!))
    .executeTakeFirst();
  if (sibling) throw new AppError(ResultCode.conflict, 'organize.nameTaken', { name: named.full_name });
  await assertCodeFree(db, codeRule, named.en_code, currentId);
  const particulars = particularsOf(input.propertyJson);
  return { values: { ...named, parent_id: parentId, manager_id: managerId, ...(particulars !== undefined ? { property_json: particulars } : {}) }, parent };
}

export function categoryOf(value: unknown, fallback: OrganizeCategory): OrganizeCategory {
  if (value === undefined || value === null || value === '') return fallback;
  if (!ORGANIZE_CATEGORIES.includes(value as OrganizeCategory)) throw AppError.badRequest('organize.categoryInvalid');
  return value as OrganizeCategory;
}

export async function createOrganize(db: Kysely<DB>, input: OrganizeInput, category: OrganizeCategory, scope?: DataScopeRequest): Promise<string> {
  const within = await recordScope(scope, ORGANIZE_SCOPE_COLUMNS);
  return withUniqueCode(codeRule.message, () =>
    db.transaction().execute(async (trx) => {
      // Takes turns with moves, so a new node's path never extends a parent's path that is being rewritten.
      await sql`lock table base_organize in share row exclusive mode`.execute(trx);
      const { values, parent } = await validate(trx, input, category);
      await assertPlaceInScope(trx, values.parent_id, within);
      const id = newId();
      const tree = parent ? `${parent.organize_id_tree},${id}` : id;
      await trx.insertInto('base_organize').values({ id, category, ...values, organize_id_tree: tree }).execute();
      return id;
    }),
  );
}

/**
 * Updates a company or department (its category stays). A new parent moves the node with everything below it:
 * their paths are rewritten in one statement, in the same transaction.
 */
export async function updateOrganize(db: Kysely<DB>, id: string, input: OrganizeInput, onlyCategory?: OrganizeCategory, scope?: DataScopeRequest): Promise<void> {
  const within = await recordScope(scope, ORGANIZE_SCOPE_COLUMNS);
  await withUniqueCode(codeRule.message, () =>
    db.transaction().execute(async (trx) => {
      // Two moves at once could each pass the loop check and close a loop together (A under B, B under A), or
      // rewrite paths from a stale parent: organisation updates take turns. They are rare administrator actions.
      await sql`lock table base_organize in share row exclusive mode`.execute(trx);
      const current = await reachableRow(trx, id, within, onlyCategory);
      const category = current.category as OrganizeCategory;
      const { values, parent } = await validate(trx, input, category, id);
      // Edited in place, a node keeps its parent even when the parent is outside the scope.
      if (values.parent_id !== current.parent_id) await assertPlaceInScope(trx, values.parent_id, within);
      // Below a department there are only departments, so moving a node never puts a company under a department.
      const oldTree = current.organize_id_tree;
      const newTree = parent ? `${parent.organize_id_tree},${id}` : id;
      await trx.updateTable('base_organize').set({ ...values, organize_id_tree: newTree, last_modify_time: new Date() }).where('id', '=', id).execute();
      if (newTree !== oldTree) {
        await sql`update base_organize set organize_id_tree = ${newTree} || substr(organize_id_tree, ${oldTree.length + 1})
          where left(organize_id_tree, ${oldTree.length + 1}) = ${`${oldTree},`}`.execute(trx);
      }
      // A custom scheme tests the node's own fields: the edit must not take it out of sight.
      await assertInScope(selectNode(trx, id), within, { outside: 'organize.outsideScope' });
    }),
  );
}

/** What still holds an organisation; deleting it is refused with the first of these that is not zero. */
async function holders(db: Db, id: string): Promise<{ key: MessageKey; count: number }[]> {
  const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);
  const children = await count(db.selectFrom('base_organize').select(sql<number>`count(*)`.as('n')).where('parent_id', '=', id).executeTakeFirst());
  const positions = await count(db.selectFrom('base_position').select(sql<number>`count(*)`.as('n')).where('organize_id', '=', id).executeTakeFirst());
  const users = await count(
    db
      .selectFrom('base_user')
      .select(sql<number>`count(*)`.as('n'))
      .where((eb) =>
        eb.or([
          eb('organize_id', '=', id),
          eb('id', 'in', eb.selectFrom('base_user_relation').select('user_id').where('object_type', '=', 'Organize').where('object_id', '=', id)),
        ]),
      )
      .executeTakeFirst(),
  );
  const roles = await count(db.selectFrom('base_role_organize').select(sql<number>`count(*)`.as('n')).where('organize_id', '=', id).executeTakeFirst());
  return [
    { key: 'organize.hasChildren', count: children },
    { key: 'organize.hasPositions', count: positions },
    { key: 'organize.hasUsers', count: users },
    { key: 'organize.hasRoles', count: roles },
  ];
}

export async function deleteOrganize(db: Kysely<DB>, id: string, onlyCategory?: OrganizeCategory, scope?: DataScopeRequest): Promise<void> {
  const within = await recordScope(scope, ORGANIZE_SCOPE_COLUMNS);
  await db.transaction().execute(async (trx) => {
    await reachableRow(trx, id, within, onlyCategory);
    const holder = (await holders(trx, id)).find((h) => h.count > 0);
    if (holder) throw AppError.badRequest(holder.key, { count: holder.count });
    await trx.deleteFrom('base_organize').where('id', '=', id).execute();
  });
}

export async function toggleOrganize(db: Kysely<DB>, id: string, onlyCategory?: OrganizeCategory, scope?: DataScopeRequest): Promise<number> {
  const within = await recordScope(scope, ORGANIZE_SCOPE_COLUMNS);
  return db.transaction().execute(async (trx) => {
    await reachableRow(trx, id, within, onlyCategory);
    return toggleEnabled(trx, 'base_organize', id, notFoundOf(onlyCategory));
  });
}
