import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql, type SqlBool } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { TREE_TOP_NODE_ID } from '../../../shared/constants.js';
import { AppError } from '../../../kernel/server/appError.js';
import { fixedStatement } from '../../../kernel/server/db/fixedStatement.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { AreaTable } from './tables.js';
import { containsPattern } from '../../../kernel/server/crud/listQuery.js';
import { namedRecordColumns } from '../../../kernel/server/crud/namedRecord.js';
import { assertCodeFree, withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { toggleEnabled } from '../../../kernel/server/crud/toggleEnabled.js';

/** Areas (spec 000 §7): provinces (type 1) under -1, cities (2), districts (3). Ids are the GB/T 2260 codes. */
type Db = Kysely<DB> | Transaction<DB>;

export interface AreaInput {
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode?: number | string | null;
  enabledMark?: number;
  description?: string | null;
}

const view = (row: Selectable<AreaTable>, hasChildren: boolean) => ({
  id: row.id,
  parentId: row.parent_id,
  fullName: row.full_name,
  enCode: row.en_code,
  type: row.type,
  sortCode: row.sort_code,
  enabledMark: row.enabled_mark,
  description: row.description,
  hasChildren,
  isLeaf: !hasChildren,
});

// The tree screen and the area pickers expand a level at a time: these two run on every expansion, so they are
// compiled once (issue 15). A keyword search builds its own statement.
const childRows = fixedStatement((db, parentId: string) => db.selectFrom('base_area').selectAll().where('parent_id', '=', parentId).orderBy('sort_code').orderBy('id'));
const parentsAmong = fixedStatement((db, ids: readonly string[]) => db.selectFrom('base_area').select('parent_id').distinct().where('parent_id', '=', sql<string>`any(${ids})`));

async function withChildFlags(db: Db, rows: Selectable<AreaTable>[]) {
  if (rows.length === 0) return [];
  const { rows: parents } = await parentsAmong.run(db, rows.map((r) => r.id));
  const withChildren = new Set(parents.map((p) => p.parent_id));
  return rows.map((row) => view(row, withChildren.has(row.id)));
}

/** GET /api/system/Area/{id}: the children of {id} (-1 for provinces), optionally filtered by keyword. */
export async function children(db: Db, parentId: string, keyword?: string) {
  const parent = parentId === '0' ? TREE_TOP_NODE_ID : parentId;
  const word = keyword?.trim();
  if (!word) return withChildFlags(db, (await childRows.run(db, parent)).rows);
  const query = db
    .selectFrom('base_area')
    .selectAll()
    .where('parent_id', '=', parent)
    .where(sql<SqlBool>`(full_name ilike ${containsPattern(word)} or en_code ilike ${containsPattern(word)})`);
  return withChildFlags(db, await query.orderBy('sort_code').orderBy('id').execute());
}

/** GET /api/system/Area/{id}/Selector/{exclude}: children of {id} for the parent picker, without {exclude}. */
export async function selector(db: Db, parentId: string, exclude: string) {
  const list = await children(db, parentId);
  // Districts cannot be parents (three levels at most), so they are not offered.
  return list.filter((area) => area.id !== exclude && area.type < 3);
}

export async function info(db: Db, id: string) {
  const row = await db.selectFrom('base_area').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'area.notFound');
  return (await withChildFlags(db, [row]))[0];
}

/** GET /api/system/Area/{id}/Info: the area and its parent's name, which JNPF's area form shows in its picker. */
export async function infoWithParentName(db: Db, id: string) {
  const area = await info(db, id);
  const parent = await db.selectFrom('base_area').select('full_name').where('id', '=', area.parentId).executeTakeFirst();
  return { ...area, parentName: parent?.full_name ?? null };
}

/** POST /api/system/Area/GetAreaByIds: for each path of ids, the path of names (unknown ids are left out). */
export async function namesByIds(db: Db, idsList: unknown[]) {
  const paths = idsList.map((path) => (Array.isArray(path) ? path : [path]).map(String));
  const ids = [...new Set(paths.flat())];
  if (ids.length === 0) return paths.map(() => []);
  const rows = await db.selectFrom('base_area').select(['id', 'full_name']).where('id', 'in', ids).execute();
  const names = new Map(rows.map((r) => [r.id, r.full_name]));
  return paths.map((path) => path.filter((id) => names.has(id)).map((id) => names.get(id)!));
}

const validated = (input: AreaInput) =>
  namedRecordColumns(input, {
    name: { required: 'area.nameRequired', tooLong: 'area.nameTooLong' },
    code: { required: 'area.codeRequired', tooLong: 'area.codeTooLong' },
  });

/** An area's code is also the id of the seeded ones, so a new code must match neither. */
const codeRule = { table: 'base_area', message: 'area.codeTaken' } as const;

async function levelUnder(db: Db, parentId: string): Promise<number> {
  if (parentId === TREE_TOP_NODE_ID || parentId === '0') return 1;
  const parent = await db.selectFrom('base_area').select('type').where('id', '=', parentId).executeTakeFirst();
  if (!parent) throw AppError.badRequest('area.parentNotFound');
  if (parent.type >= 3) throw AppError.badRequest('area.tooDeep');
  return parent.type + 1;
}

/** A new area's id is its code, as for the seeded ones. */
export async function create(db: Kysely<DB>, input: AreaInput) {
  const values = validated(input);
  return withUniqueCode(codeRule.message, () =>
    db.transaction().execute(async (trx) => {
      const parentId = String(input.parentId ?? TREE_TOP_NODE_ID) === '0' ? TREE_TOP_NODE_ID : String(input.parentId ?? TREE_TOP_NODE_ID);
      const type = await levelUnder(trx, parentId);
      await assertCodeFree(trx, codeRule, values.en_code);
      await assertCodeFree(trx, { ...codeRule, column: 'id' }, values.en_code);
      await trx.insertInto('base_area').values({ id: values.en_code, parent_id: parentId, type, ...values }).execute();
      return values.en_code;
    }),
  );
}

/** Moving an area keeps its level: a city stays under a province. */
export async function update(db: Kysely<DB>, id: string, input: AreaInput) {
  const values = validated(input);
  await withUniqueCode(codeRule.message, () =>
    db.transaction().execute(async (trx) => {
      const current = await info(trx, id);
      const parentId = String(input.parentId ?? current.parentId);
      if ((await levelUnder(trx, parentId)) !== current.type) throw AppError.badRequest('area.levelChanged');
      await assertCodeFree(trx, codeRule, values.en_code, id);
      await trx.updateTable('base_area').set({ parent_id: parentId, ...values }).where('id', '=', id).execute();
    }),
  );
}

export async function remove(db: Kysely<DB>, id: string) {
  await db.transaction().execute(async (trx) => {
    const current = await info(trx, id);
    if (current.hasChildren) throw AppError.badRequest('area.hasChildren');
    await trx.deleteFrom('base_area').where('id', '=', id).execute();
  });
}

export const toggle = (db: Kysely<DB>, id: string) => toggleEnabled(db, 'base_area', id, 'area.notFound');
