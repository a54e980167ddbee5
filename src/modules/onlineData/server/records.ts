import type { Kysely, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import type { FieldDefinition } from '../../../shared/form/definition.js';
import { flattenFields } from '../../../shared/form/walkFields.js';
import { AppError } from '../../../kernel/server/appError.js';
import { applyDataScope, type DataScopeRequest } from '../../../kernel/server/crud/dataScope.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { nextBillNumber } from '../../billRule/server/public.js';
import { columnValue, fromColumn } from './columnCodec.js';
import { loadOnlineModel, type OnlineModel } from './model.js';
import { SYSTEM_WIDGETS } from '../../../shared/form/jnpfKeys.js';
import { checkSubmission } from './submission.js';
import { checkReferences } from './references.js';
import type { PlannedTable } from './tablePlan.js';

/**
 * The rows of a released design: a record is one main row and, per sub-table, its child rows (in order). Writes
 * take values already checked by checkSubmission and run inside the caller's transaction, so a record is stored
 * whole or not at all. Table and column names come from the applied plan, never from a request.
 */
type Db = Kysely<DB> | Transaction<DB>;
// The record tables are made at run time and are not in the DB type.
const dynamic = (db: Db) => db as unknown as Kysely<any>;

export interface Author {
  userId: string;
  organizeId: string | null;
  positionId: string | null;
}

export async function authorOf(db: Db, userId: string): Promise<Author> {
  const user = await db.selectFrom('base_user').select(['organize_id', 'position_id']).where('id', '=', userId).executeTakeFirst();
  return { userId, organizeId: user?.organize_id ?? null, positionId: user?.position_id ?? null };
}

function systemFields(model: OnlineModel): Map<string, { jnpfKey: string; field: FieldDefinition }> {
  const found = new Map<string, { jnpfKey: string; field: FieldDefinition }>();
  for (const node of flattenFields(model.definition.fields)) {
    if (node.jnpfKey && SYSTEM_WIDGETS.has(node.jnpfKey) && node.field.__vModel__) found.set(node.field.__vModel__, { jnpfKey: node.jnpfKey, field: node.field });
  }
  return found;
}

/** What the server writes into system widgets: at creation all of them, at an edit the modifier and time only. */
async function systemValues(trx: Db, model: OnlineModel, author: Author, creating: boolean, now: Date): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const [key, { jnpfKey, field }] of systemFields(model)) {
    if (jnpfKey === 'modifyUser') values[key] = creating ? null : author.userId;
    else if (jnpfKey === 'modifyTime') values[key] = creating ? null : now.getTime();
    else if (!creating) continue;
    else if (jnpfKey === 'createUser') values[key] = author.userId;
    else if (jnpfKey === 'createTime') values[key] = now.getTime();
    else if (jnpfKey === 'currOrganize' || jnpfKey === 'currDept') values[key] = author.organizeId;
    else if (jnpfKey === 'currPosition') values[key] = author.positionId;
    else if (jnpfKey === 'billRule') {
      const rule = field.__config__?.rule;
      values[key] = typeof rule === 'string' && rule ? await nextBillNumber(trx as Kysely<DB>, rule, now) : null;
    }
  }
  return values;
}

function rowValues(table: PlannedTable, values: Record<string, unknown>, skip?: ReadonlySet<string>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const column of table.columns) {
    if (skip?.has(column.field)) continue;
    if (!Object.hasOwn(values, column.field)) continue;
    row[column.name] = columnValue(column.type, values[column.field]);
  }
  return row;
}

async function writeChildren(trx: Db, model: OnlineModel, id: string, values: Record<string, unknown>, skip?: ReadonlySet<string>): Promise<void> {
  for (const child of model.plan.children) {
    if (!child.field || skip?.has(child.field)) continue;
    await dynamic(trx).deleteFrom(child.name).where('f_foreign_id', '=', id).execute();
    const rows = Array.isArray(values[child.field]) ? (values[child.field] as Record<string, unknown>[]) : [];
    // In statements of at most ~30,000 values: PostgreSQL takes 65,535 parameters in one, and a long sub-table of a
    // wide design would pass that in a single insert.
    const perStatement = Math.max(1, Math.floor(30_000 / (child.columns.length + child.system.length)));
    for (let start = 0; start < rows.length; start += perStatement) {
      await dynamic(trx)
        .insertInto(child.name)
        .values(rows.slice(start, start + perStatement).map((row, offset) => ({ id: newId(), f_foreign_id: id, f_sort_code: start + offset, ...rowValues(child, row) })))
        .execute();
    }
  }
}

export async function insertRecord(trx: Db, model: OnlineModel, values: Record<string, unknown>, author: Author, now = new Date()): Promise<string> {
  const id = newId();
  const all = { ...values, ...(await systemValues(trx, model, author, true, now)) };
  await dynamic(trx)
    .insertInto(model.plan.main.name)
    .values({ id, f_creator_user_id: author.userId, f_creator_time: now, f_organize_id: author.organizeId, ...rowValues(model.plan.main, all) })
    .execute();
  await writeChildren(trx, model, id, all);
  return id;
}

/**
 * A record written by the demo seed (the demo's 动态表单示例), in the seed's transaction, as a user's submission is
 * stored: checked against the design like one (a fixture that drifts from its design fails the seed, not a
 * user later), its calculations made, its system fields and bill number filled the same way.
 */
export async function seedRecord(trx: Transaction<DB>, designId: string, values: Record<string, unknown>, userId: string): Promise<string> {
  const model = await loadOnlineModel(trx, designId);
  const checked = checkSubmission(model.definition, values, { language: 'zh' });
  await checkReferences(trx, model.definition, checked, 'zh');
  return insertRecord(trx, model, checked, await authorOf(trx, userId));
}

/** Whether the record exists and the caller's data scope reaches it; answers 404 otherwise, as for a missing one. */
export async function assertReachable(db: Db, model: OnlineModel, id: string, scope?: DataScopeRequest): Promise<void> {
  let query = dynamic(db).selectFrom(model.plan.main.name).select('id').where('id', '=', id);
  if (scope) query = await applyDataScope(query, { creatorColumn: 'f_creator_user_id', organizeColumn: 'f_organize_id', fields: scopeFields(model) }, scope);
  if (!(await query.executeTakeFirst())) throw new AppError(ResultCode.notFound, 'onlineData.recordNotFound');
}

/** The API fields custom data schemes may test, mapped to their columns. */
export function scopeFields(model: OnlineModel): Record<string, string> {
  return Object.fromEntries(model.plan.main.columns.map((c) => [c.field, c.name]));
}

/**
 * Replaces a record's values. Fields the caller may not see keep what they hold (they were not in the form the
 * caller filled); so do fields the design no longer has, and the system widgets other than the modifier's.
 */
export async function updateRecord(trx: Db, model: OnlineModel, id: string, values: Record<string, unknown>, author: Author, hidden?: ReadonlySet<string>, now = new Date()): Promise<void> {
  const system = systemFields(model);
  const keep = new Set([...(hidden ?? []), ...[...system].filter(([, s]) => s.jnpfKey !== 'modifyUser' && s.jnpfKey !== 'modifyTime').map(([key]) => key)]);
  const complete: Record<string, unknown> = {};
  for (const column of model.plan.main.columns) complete[column.field] = Object.hasOwn(values, column.field) ? values[column.field] : null;
  for (const child of model.plan.children) if (child.field) complete[child.field] = values[child.field] ?? [];
  const all = { ...complete, ...(await systemValues(trx, model, author, false, now)) };
  await dynamic(trx)
    .updateTable(model.plan.main.name)
    .set({ f_last_modify_user_id: author.userId, f_last_modify_time: now, ...rowValues(model.plan.main, all, keep) })
    .where('id', '=', id)
    .execute();
  await writeChildren(trx, model, id, all, hidden);
}

/** Deletes records (their child rows go with them, by the foreign key); answers how many went. */
export async function deleteRecords(trx: Db, model: OnlineModel, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await dynamic(trx).deleteFrom(model.plan.main.name).where('id', 'in', [...ids]).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The ids among these that the caller's scope reaches. */
export async function reachableIds(db: Db, model: OnlineModel, ids: readonly string[], scope?: DataScopeRequest): Promise<string[]> {
  if (ids.length === 0) return [];
  let query = dynamic(db).selectFrom(model.plan.main.name).select('id').where('id', 'in', [...ids]);
  if (scope) query = await applyDataScope(query, { creatorColumn: 'f_creator_user_id', organizeColumn: 'f_organize_id', fields: scopeFields(model) }, scope);
  return (await query.execute()).map((r: { id: string }) => r.id);
}

/** Main rows as API values (id, fields by __vModel__, creatorUserId, creatorTime...). */
export function mainValues(model: OnlineModel, row: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = { id: row.id };
  for (const column of model.plan.main.columns) values[column.field] = fromColumn(column.type, row[column.name]);
  values.creatorUserId = row.f_creator_user_id ?? null;
  values.creatorTime = fromColumn('timestamptz', row.f_creator_time);
  values.lastModifyUserId = row.f_last_modify_user_id ?? null;
  values.lastModifyTime = fromColumn('timestamptz', row.f_last_modify_time);
  return values;
}

/** The child rows of these records, per sub-table field, in their order: { tableField: { mainId: rows } }. */
export async function childValues(db: Db, model: OnlineModel, ids: readonly string[], only?: ReadonlySet<string>): Promise<Map<string, Map<string, Record<string, unknown>[]>>> {
  const result = new Map<string, Map<string, Record<string, unknown>[]>>();
  if (ids.length === 0) return result;
  for (const child of model.plan.children) {
    if (!child.field || (only && !only.has(child.field))) continue;
    const rows = await dynamic(db)
      .selectFrom(child.name)
      .selectAll()
      .where('f_foreign_id', 'in', [...ids])
      .orderBy('f_foreign_id')
      .orderBy('f_sort_code')
      .execute();
    const byParent = new Map<string, Record<string, unknown>[]>();
    for (const row of rows as Record<string, unknown>[]) {
      const values: Record<string, unknown> = { id: row.id };
      for (const column of child.columns) values[column.field] = fromColumn(column.type, row[column.name]);
      const list = byParent.get(String(row.f_foreign_id)) ?? [];
      list.push(values);
      byParent.set(String(row.f_foreign_id), list);
    }
    result.set(child.field, byParent);
  }
  return result;
}

/** One record with its sub-table rows, or 404 (also when outside the caller's scope). */
export async function readRecord(db: Db, model: OnlineModel, id: string, scope?: DataScopeRequest): Promise<Record<string, unknown>> {
  let query = dynamic(db).selectFrom(model.plan.main.name).selectAll().where('id', '=', id);
  if (scope) query = await applyDataScope(query, { creatorColumn: 'f_creator_user_id', organizeColumn: 'f_organize_id', fields: scopeFields(model) }, scope);
  const row = (await query.executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) throw new AppError(ResultCode.notFound, 'onlineData.recordNotFound');
  const values = mainValues(model, row);
  const children = await childValues(db, model, [id]);
  for (const child of model.plan.children) if (child.field) values[child.field] = children.get(child.field)?.get(id) ?? [];
  return values;
}
