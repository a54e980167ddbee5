import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import { applyDataScope, type DataScopeRequest } from '../../../kernel/server/crud/dataScope.js';
import { containsPattern, pageOf, PAGE_SIZE_MAX, type Pagination } from '../../../kernel/server/crud/listQuery.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { childValues, mainValues, scopeFields } from './records.js';
import type { OnlineModel } from './model.js';
import type { PlannedColumn } from './tablePlan.js';
import { empty, jsonOf, rangeCondition, typed } from './searchValues.js';
import { superQueryCondition } from './superQuery.js';
import { containsCondition, keywordFields, type ContainsUse } from './keywordSearch.js';

/**
 * The list of a released design (POST /api/visualdev/OnlineDev/{id}/List, JNPF's PaginationModel): the search
 * fields of the list's searchList by their searchType (1 equals, 2 contains, 3 range), the keyword over the
 * keyword fields, the advanced query (superQueryJson), sidx/sort, paging, the caller's data scope on the design's menu, and the sub-table rows where
 * the list shows sub-table columns. A field the list does not search is ignored; values are always bound.
 */
export interface RecordListBody {
  currentPage?: unknown;
  pageSize?: unknown;
  sidx?: unknown;
  sort?: unknown;
  keyword?: unknown;
  /** JNPF sends the search form as a JSON string; an object is accepted too. */
  queryJson?: unknown;
  /** JNPF's advanced query (superQuery.ts): a JSON text or an object. */
  superQueryJson?: unknown;
  /** '1': every row (no paging), as exports ask. */
  dataType?: unknown;
  menuId?: unknown;
  [extra: string]: unknown;
}

const MAX_EXPORT_ROWS = 10_000;

function parseQuery(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  const parsed = jsonOf(value, () => AppError.badRequest('error.invalidJson'));
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw AppError.badRequest('error.badRequest');
  return parsed as Record<string, unknown>;
}

function searchExpression(column: PlannedColumn, searchType: number, value: unknown, searchIndexed: ReadonlySet<string>, use: ContainsUse): Expression<SqlBool> | undefined {
  if (empty(value)) return undefined;
  const ref = sql.ref(`t.${column.name}`);
  if (column.type === 'jsonb') {
    // A list value (multiple select, cascader path): rows holding all of it; a single value: rows holding it.
    if (Array.isArray(value)) return sql<SqlBool>`${ref} @> cast(${JSON.stringify(value.map(String))} as jsonb)`;
    if (typeof value === 'object') throw AppError.badRequest('error.badRequest');
    if (searchType === 2) return sql<SqlBool>`cast(${ref} as text) ilike ${containsPattern(String(value))}`;
    return sql<SqlBool>`(${ref} @> jsonb_build_array(${String(value)}::text) or ${ref} = to_jsonb(${String(value)}::text))`;
  }
  if (searchType === 3) {
    return rangeCondition(column, value);
  }
  if (Array.isArray(value)) {
    // A multiple select searching a single-valued field: any of the values.
    return sql<SqlBool>`${ref} in (${sql.join(value.map((v) => typed(column, v)))})`;
  }
  if (searchType === 2 && column.type === 'text') return containsCondition(`t.${column.name}`, String(value), searchIndexed.has(column.name), use);
  return sql<SqlBool>`${ref} = ${typed(column, value)}`;
}

/** The columns shown by the list's column list that belong to sub-tables, as sub-table fields. */
export function listedSubTables(model: OnlineModel): Set<string> {
  const fields = new Set<string>();
  const children = new Set(model.plan.children.map((c) => c.field));
  for (const column of model.list.columnList ?? []) {
    const prop = typeof column?.prop === 'string' ? column.prop : '';
    const table = prop.includes('-') ? prop.slice(0, prop.indexOf('-')) : '';
    if (children.has(table)) fields.add(table);
  }
  return fields;
}

export async function listRecords(db: Kysely<DB>, model: OnlineModel, body: RecordListBody, scope?: DataScopeRequest): Promise<{ list: Record<string, unknown>[]; pagination: Pagination }> {
  const columns = new Map(model.plan.main.columns.map((c) => [c.field, c]));
  const all = String(body.dataType ?? '') === '1';
  const { currentPage, pageSize } = all ? { currentPage: 1, pageSize: MAX_EXPORT_ROWS } : pageOf({ currentPage: body.currentPage as number, pageSize: body.pageSize as number });
  // The columns whose gram index this release built (keywordSearch.ts).
  const searchIndexed = new Set((model.plan.main.searchIndexes ?? []).map((index) => index.columns[0]!));
  const search = parseQuery(body.queryJson);
  const advanced = superQueryCondition(model, body.superQueryJson);
  const keyword = typeof body.keyword === 'string' ? body.keyword.trim() : '';
  const keywordColumns = keyword ? keywordFields(model.list).map((f) => columns.get(f)).filter((c): c is PlannedColumn => Boolean(c) && c!.type === 'text') : [];
  let scoped = (db as unknown as Kysely<any>).selectFrom(`${model.plan.main.name} as t`);
  if (scope) {
    const fields = Object.fromEntries(Object.entries(scopeFields(model)).map(([field, column]) => [field, `t.${column}`]));
    scoped = await applyDataScope(scoped, { creatorColumn: 't.f_creator_user_id', organizeColumn: 't.f_organize_id', fields }, scope);
  }
  // The same rows for the count and the page; only how a "contains" is tested differs (keywordSearch.ts).
  const filtered = (use: ContainsUse) => {
    let query = scoped;
    for (const item of model.list.searchList ?? []) {
      const field = String(item?.__vModel__ ?? item?.prop ?? '');
      const column = columns.get(field);
      if (!column || !Object.hasOwn(search, field)) continue;
      const condition = searchExpression(column, Number(item.searchType ?? 1), search[field], searchIndexed, use);
      if (condition) query = query.where(condition);
    }
    if (advanced) query = query.where(advanced);
    if (keyword) {
      const matches = keywordColumns.map((c) => containsCondition(`t.${c.name}`, keyword, searchIndexed.has(c.name), use));
      query = matches.length ? query.where(sql<SqlBool>`(${sql.join(matches, sql` or `)})`) : query.where(sql<SqlBool>`false`);
    }
    return query;
  };
  const { total } = (await filtered('count').select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow()) as { total: number };

  const sidx = typeof body.sidx === 'string' && body.sidx ? body.sidx : typeof model.list.defaultSidx === 'string' ? model.list.defaultSidx : '';
  const sortColumn = columns.get(sidx);
  const direction = String(body.sort ?? model.list.sort ?? 'desc').toLowerCase() === 'asc' ? 'asc' : 'desc';
  let ordered = filtered('page').selectAll('t');
  // Plain asc/desc (nulls as PostgreSQL orders them), so one btree index serves both directions.
  ordered = sortColumn ? ordered.orderBy(sql.ref(`t.${sortColumn.name}`), direction) : ordered.orderBy('t.f_creator_time', direction);
  const rows = (await ordered.orderBy('t.id', 'asc').limit(Math.min(pageSize, all ? MAX_EXPORT_ROWS : PAGE_SIZE_MAX)).offset((currentPage - 1) * pageSize).execute()) as Record<string, unknown>[];
  const list = rows.map((row) => mainValues(model, row));
  const subTables = listedSubTables(model);
  if (subTables.size && list.length) {
    const children = await childValues(db, model, list.map((r) => String(r.id)), subTables);
    for (const row of list) for (const field of subTables) row[field] = children.get(field)?.get(String(row.id)) ?? [];
  }
  return { list, pagination: { currentPage, pageSize, total: Number(total) } };
}
