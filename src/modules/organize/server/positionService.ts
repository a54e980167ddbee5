import { sql, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import { rules } from '../../../shared/validation/rules.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { PositionTable } from './tables.js';
import { defineEntity } from '../../../kernel/server/crud/defineEntity.js';
import type { ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { namedRecordColumns } from '../../../kernel/server/crud/namedRecord.js';
import { namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import { ICONS, nest, pathIds, pathText, type OrganizeRow } from './organizeTree.js';
import { loadOrganizations, plainIds } from './organizeService.js';
import { POSITION_MENU } from './menus.js';
import { POSITION_TYPE_DICTIONARY, typeCode, typeNames } from './typeNames.js';

/**
 * Positions (spec 000 §7 Position): each belongs to one organisation. Users hold positions through the users
 * module's memberships; a position held by anyone is neither deleted nor moved to another organisation.
 */
type Db = Kysely<DB> | Transaction<DB>;
type PositionRow = Selectable<PositionTable>;

export interface PositionInput {
  organizeId?: string;
  fullName?: string;
  enCode?: string;
  type?: string | null;
  sortCode?: number | string | null;
  enabledMark?: number;
  description?: string | null;
}

function positionView(row: PositionRow, byId: ReadonlyMap<string, OrganizeRow>, types: ReadonlyMap<string, string>) {
  const organize = byId.get(row.organize_id);
  return {
    id: row.id,
    organizeId: row.organize_id,
    fullName: row.full_name,
    enCode: row.en_code,
    type: row.type,
    typeName: row.type ? (types.get(row.type) ?? row.type) : null,
    department: organize ? pathText(organize, byId) : '',
    organizeName: organize?.full_name ?? '',
    organizeIds: organize ? pathIds(organize) : [],
    sortCode: row.sort_code,
    enabledMark: row.enabled_mark,
    description: row.description,
    creatorTime: row.created_at,
  };
}

async function views(db: Db, rows: PositionRow[]) {
  const organizations = await loadOrganizations(db);
  const byId = new Map(organizations.map((row) => [row.id, row]));
  const types = await typeNames(db, POSITION_TYPE_DICTIONARY);
  return rows.map((row) => positionView(row, byId, types));
}

const positionListSpec: ListSpec = {
  keywordColumns: ['p.full_name', 'p.en_code'],
  sortable: { fullName: 'p.full_name', enCode: 'p.en_code', sortCode: 'p.sort_code', creatorTime: 'p.created_at', enabledMark: 'p.enabled_mark', type: 'p.type' },
  defaultOrder: [['p.sort_code', 'asc'], ['p.created_at', 'desc']],
  filters: { enabledMark: { column: 'p.enabled_mark', searchType: 1 }, type: { column: 'p.type', searchType: 1 } },
  dataScope: { organizeColumn: 'p.organize_id' },
  tieBreaker: 'p.id',
};

/** GET /Position/All: every enabled position, flat. */
export async function allPositions(db: Db) {
  const rows = await db.selectFrom('base_position').selectAll().where('enabled_mark', '=', 1).orderBy('sort_code').orderBy('full_name').orderBy('id').execute();
  return views(db, rows);
}

function positionNode(row: PositionRow, byId: ReadonlyMap<string, OrganizeRow>) {
  const organize = byId.get(row.organize_id);
  return {
    id: row.id,
    parentId: row.organize_id,
    fullName: row.full_name,
    enCode: row.en_code,
    type: 'position',
    icon: ICONS.position,
    organizeId: row.organize_id,
    organize: organize ? pathText(organize, byId) : '',
    organizeIds: organize ? pathIds(organize) : [],
    sortCode: row.sort_code,
    enabledMark: row.enabled_mark,
    disabled: row.enabled_mark !== 1,
  };
}

function organizeNode(row: OrganizeRow, byId: ReadonlyMap<string, OrganizeRow>) {
  return {
    id: row.id,
    parentId: row.parent_id,
    fullName: row.full_name,
    enCode: row.en_code,
    type: row.category,
    icon: row.category === 'company' ? ICONS.company : ICONS.department,
    organizeId: row.id,
    organize: pathText(row, byId),
    organizeIds: pathIds(row),
    sortCode: row.sort_code,
    enabledMark: row.enabled_mark,
    disabled: row.enabled_mark !== 1,
  };
}

/** Organisations with their positions as leaves; only organisations that lead to a position are kept. */
function positionTree(organizations: OrganizeRow[], positions: PositionRow[]) {
  const byId = new Map(organizations.map((row) => [row.id, row]));
  const needed = new Set<string>();
  for (const position of positions) {
    const organize = byId.get(position.organize_id);
    if (organize) for (const id of pathIds(organize)) needed.add(id);
  }
  const sorted = [...positions].sort((a, b) => a.sort_code - b.sort_code || a.full_name.localeCompare(b.full_name, 'zh'));
  // Positions first under each organisation, then its sub-organisations (as JNPF's picker shows them).
  return nest([
    ...sorted.map((row) => positionNode(row, byId)),
    ...organizations.filter((row) => needed.has(row.id)).map((row) => organizeNode(row, byId)),
  ]);
}

/** GET /Position/Selector: the picker tree, type 'position' for the leaves; disabled positions marked so. */
export async function positionSelector(db: Db) {
  const organizations = await loadOrganizations(db);
  const positions = await db.selectFrom('base_position').selectAll().execute();
  return positionTree(organizations, positions);
}

/**
 * POST /Position/PositionCondition: a custom range. Organisations in departIds give their positions and those of
 * everything below them; positionIds give those positions. Enabled positions only; keyword matches the name.
 */
export async function positionCondition(db: Db, input: { departIds?: unknown; positionIds?: unknown; ids?: unknown; keyword?: string }) {
  const organizations = await loadOrganizations(db);
  const ids = new Set([...plainIds(input.departIds), ...plainIds(input.positionIds), ...plainIds(input.ids)]);
  const underRange = new Set(organizations.filter((row) => pathIds(row).some((id) => ids.has(id))).map((row) => row.id));
  let positions = (await db.selectFrom('base_position').selectAll().where('enabled_mark', '=', 1).execute()).filter(
    (row) => ids.has(row.id) || underRange.has(row.organize_id),
  );
  const keyword = (input.keyword ?? '').trim().toLowerCase();
  if (keyword) positions = positions.filter((row) => row.full_name.toLowerCase().includes(keyword));
  // The roots of a range show their whole path, as JNPF's custom picker does.
  return positionTree(organizations, positions).map((root) => ({ ...root, fullName: root.organize || root.fullName }));
}

/** POST /Position/getListByOrgIds: per organisation asked for, its enabled positions as children. */
export async function positionsByOrganizations(db: Db, organizeIds: unknown) {
  const ids = plainIds(organizeIds);
  if (ids.length === 0) return [];
  const organizations = await loadOrganizations(db);
  const byId = new Map(organizations.map((row) => [row.id, row]));
  const positions = await db.selectFrom('base_position').selectAll().where('organize_id', 'in', ids).where('enabled_mark', '=', 1).orderBy('sort_code').orderBy('full_name').execute();
  return ids
    .map((id) => byId.get(id))
    .filter((row): row is OrganizeRow => Boolean(row))
    .map((row) => {
      const children = positions.filter((p) => p.organize_id === row.id).map((p) => ({ ...positionNode(p, byId), children: [], hasChildren: false, isLeaf: true }));
      return { ...organizeNode(row, byId), children, hasChildren: children.length > 0, isLeaf: children.length === 0 };
    });
}

/** The users holding a position: as their main position or as a membership. */
async function holderCount(db: Db, id: string): Promise<number> {
  const row = await db
    .selectFrom('base_user')
    .select(sql<number>`count(*)`.as('n'))
    .where((eb) =>
      eb.or([eb('position_id', '=', id), eb('id', 'in', eb.selectFrom('base_user_relation').select('user_id').where('object_type', '=', 'Position').where('object_id', '=', id))]),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What a create or an edit checks: the named record's rules, the code's characters, an existing organisation. */
async function positionColumns(db: Db, input: PositionInput) {
  const named = namedRecordColumns(input, {
    name: { required: 'organize.positionNameRequired', tooLong: 'organize.positionNameTooLong' },
    code: { required: 'organize.positionCodeRequired', tooLong: 'organize.positionCodeTooLong' },
  });
  if (!rules.code.test(named.en_code)) throw AppError.badRequest('organize.codeInvalid');
  const organizeId = typeof input.organizeId === 'string' ? input.organizeId.trim() : '';
  if (!organizeId) throw AppError.badRequest('organize.positionOrganizeRequired');
  if (!(await db.selectFrom('base_organize').select('id').where('id', '=', organizeId).executeTakeFirst())) throw AppError.badRequest('organize.parentNotFound');
  return { ...named, organize_id: organizeId, type: await typeCode(db, POSITION_TYPE_DICTIONARY, input.type) };
}

/**
 * /api/permission/Position: the list (paged), the record, and the writes of the position page. The data scope
 * goes by the position's organisation, by id as in the list (recordScope.ts); names are unique within an
 * organisation, codes across positions.
 */
export const positions = defineEntity({
  table: 'base_position',
  alias: 'p',
  path: '/api/permission/Position',
  menu: POSITION_MENU,
  list: positionListSpec,
  queryProperties: { type: { type: 'string', maxLength: 50 }, organizeId: { type: 'string', maxLength: 50 } },
  body: { type: 'object', properties: { ...namedRecordProperties, organizeId: { type: 'string', maxLength: 50 }, type: { type: ['string', 'null'], maxLength: 50 } } },
  messages: { notFound: 'organize.positionNotFound', outsideScope: 'organize.outsideScope' },
  unique: { code: 'organize.positionCodeTaken', name: { message: 'organize.positionNameTaken', within: 'organize_id' } },
  views,
  columns: positionColumns,
  // JNPF clients filter by the type's dictionary entry id; the stored value is its code.
  listParams: async (db, params) => ({ ...params, type: (await typeCode(db, POSITION_TYPE_DICTIONARY, params.type)) ?? undefined }),
  // organizeId keeps the positions of that organisation and of everything below it.
  listSelect: async (db, params) => {
    const select = db.selectFrom('base_position as p').innerJoin('base_organize as o', 'o.id', 'p.organize_id').selectAll('p');
    if (!params.organizeId) return select;
    const root = await db.selectFrom('base_organize').select('organize_id_tree').where('id', '=', String(params.organizeId)).executeTakeFirst();
    if (!root) return undefined;
    const tree = root.organize_id_tree;
    return select.where(sql<SqlBool>`(o.organize_id_tree = ${tree} or left(o.organize_id_tree, ${tree.length + 1}) = ${`${tree},`})`);
  },
  // The form's record: organizeIdTree is the path to its organisation (JNPF's cascader value).
  info: (view) => ({ ...view, organizeIdTree: view.organizeIds }),
  beforeUpdate: async (trx, current, values) => {
    if (values.organize_id !== current.organize_id && (await holderCount(trx, current.id)) > 0) throw AppError.badRequest('organize.positionMovedWithUsers');
  },
  beforeRemove: async (trx, position) => {
    const holders = await holderCount(trx, position.id);
    if (holders > 0) throw AppError.badRequest('organize.positionHasUsers', { count: holders });
  },
  // A position's state, and its deletion, change what its holders may do: the cached grants go (a new one has none).
  afterWrite: (app, write) => (write === 'create' ? undefined : app.grants.invalidate()),
});
