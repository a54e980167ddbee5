import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { PAGINATION } from '../../../shared/constants.js';
import { AppError } from '../appError.js';
import { applyDataScope, type DataScopeColumns, type DataScopeRequest } from './dataScope.js';
import { containsPattern } from './containsPattern.js';

export { containsPattern };

/**
 * The one list query of every paged JNPF list (spec 000 §7: keyword, currentPage, pageSize, sidx, sort). Column
 * names come from the module's ListSpec, never from the client: the client names a field (sidx, a filter), the
 * spec maps it to a column or the request is refused.
 */
export interface ListParams {
  keyword?: string;
  currentPage?: number | string;
  pageSize?: number | string;
  /** The field to sort by, in the API's camelCase. */
  sidx?: string;
  /** asc or desc. */
  sort?: string;
  /** Filters by field name, interpreted per the spec's searchType. Range filters take [from, to]. */
  [field: string]: unknown;
}

/** JNPF's searchType: 1 equals (or any of a list), 2 contains (fuzzy), 3 within a range [from, to] (either end may be empty). */
export type SearchType = 1 | 2 | 3;

export interface ListSpec {
  /** Columns a keyword is looked for in (case-insensitive, contains). */
  keywordColumns: readonly string[];
  /** API field → column, for sidx. */
  sortable?: Readonly<Record<string, string>>;
  /** The order when sidx is absent; ties always break on `id` so pages never overlap. */
  defaultOrder: readonly (readonly [column: string, direction: 'asc' | 'desc'])[];
  /** API field → the column it filters and how. */
  filters?: Readonly<Record<string, { column: string; searchType: SearchType }>>;
  /** Where the rows' owner and organisation are, for data-scope permissions. */
  dataScope?: DataScopeColumns;
  /** The unique column that breaks ties (default `id`; qualify it when the query joins tables). */
  tieBreaker?: string;
}

export interface Pagination {
  currentPage: number;
  pageSize: number;
  total: number;
}

/** The largest page a client may ask for: "all" in JNPF's unpaged selectors. */
export const PAGE_SIZE_MAX = PAGINATION.unpagedPageSize;


function positiveInt(value: unknown, fallback: number, max: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 1) return fallback;
  return Math.min(Math.floor(n), max);
}

/** Page and size clamped into range: a page beyond the data answers an empty list, never an error. */
export function pageOf(params: Pick<ListParams, 'currentPage' | 'pageSize'>): { currentPage: number; pageSize: number } {
  const pageSize = positiveInt(params.pageSize, PAGINATION.pageSize, PAGE_SIZE_MAX);
  // Offsets stay within a 32-bit range however large the page number a client sends.
  const currentPage = positiveInt(params.currentPage, PAGINATION.currentPage, Math.floor(2_000_000_000 / pageSize));
  return { currentPage, pageSize };
}

/** The most values a multiple-choice filter takes. */
const MAX_CHOSEN = 1000;

function filterExpression(column: string, searchType: SearchType, value: unknown): Expression<SqlBool> | undefined {
  const ref = sql.ref(column);
  if (searchType === 3) {
    const [from, to] = Array.isArray(value) ? value : String(value ?? '').split(',');
    const parts: Expression<SqlBool>[] = [];
    if (from !== undefined && from !== null && from !== '') parts.push(sql<SqlBool>`${ref} >= ${from}`);
    if (to !== undefined && to !== null && to !== '') parts.push(sql<SqlBool>`${ref} <= ${to}`);
    if (parts.length === 0) return undefined;
    return parts.length === 1 ? parts[0] : sql<SqlBool>`(${parts[0]} and ${parts[1]})`;
  }
  if (value === undefined || value === null || value === '') return undefined;
  // A multiple choice (JNPF's multi-select filters send a list): any of the chosen values; none chosen, no filter.
  if (Array.isArray(value) && searchType === 1) {
    const chosen = value.filter((item) => item !== undefined && item !== null && item !== '');
    if (chosen.length === 0) return undefined;
    if (chosen.length > MAX_CHOSEN || chosen.some((item) => typeof item === 'object')) throw AppError.badRequest('error.badRequest');
    return sql<SqlBool>`${ref} in (${sql.join(chosen.map((item) => String(item)))})`;
  }
  if (typeof value === 'object') throw AppError.badRequest('error.badRequest');
  if (searchType === 2) return sql<SqlBool>`${ref} ilike ${containsPattern(String(value))}`;
  return sql<SqlBool>`${ref} = ${String(value)}`;
}

/**
 * The columns a list scopes by: its organisation and owner columns, and the API fields it names (sort and filter
 * fields) for the conditions of custom schemes. By-id calls scope with the same (recordScope.ts).
 */
export function listScopeColumns(spec: ListSpec): DataScopeColumns {
  const fields: Record<string, string> = { ...spec.sortable };
  for (const [field, filter] of Object.entries(spec.filters ?? {})) fields[field] = filter.column;
  return { ...spec.dataScope, fields: { ...fields, ...spec.dataScope?.fields } };
}

/**
 * The list's data scope on a select of its own table, and nothing else: by-id calls (a read, an edit, a delete of
 * one record) reach only the rows the caller's scoped list could show. Without a scope the select is unchanged.
 */
export async function withinScope<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, spec: ListSpec, scope?: DataScopeRequest): Promise<SelectQueryBuilder<DB, TB, O>> {
  if (!scope) return query;
  // A scoped list without the columns a scope needs shows nothing under that scope, never everything.
  return applyDataScope(query, listScopeColumns(spec), scope);
}

/**
 * Applies keyword, filters, data scope, order and page to a select, and counts the rows the filters keep.
 * The query passed in holds the selection; the count runs on the same filters without order or page.
 */
export async function listQuery<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListParams,
  spec: ListSpec,
  scope?: DataScopeRequest,
): Promise<{ list: O[]; pagination: Pagination }> {
  const { currentPage, pageSize } = pageOf(params);
  let filtered = query;
  const keyword = typeof params.keyword === 'string' ? params.keyword.trim() : '';
  if (keyword && spec.keywordColumns.length > 0) {
    const pattern = containsPattern(keyword);
    const any = spec.keywordColumns.map((column) => sql<SqlBool>`${sql.ref(column)} ilike ${pattern}`);
    filtered = filtered.where(sql<SqlBool>`(${sql.join(any, sql` or `)})`);
  }
  for (const [field, filter] of Object.entries(spec.filters ?? {})) {
    const condition = filterExpression(filter.column, filter.searchType, Object.hasOwn(params, field) ? params[field] : undefined);
    if (condition) filtered = filtered.where(condition);
  }
  filtered = await withinScope(filtered, spec, scope);

  const { total } = (await filtered
    .clearSelect()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirstOrThrow()) as { total: number };

  // A field the list does not offer sorts by the default order rather than failing: JNPF clients send the column
  // they show as sidx, whether or not it is sortable. Own keys only: `__proto__` is not a field.
  const sortable = spec.sortable ?? {};
  const sortColumn = params.sidx && Object.hasOwn(sortable, params.sidx) ? sortable[params.sidx] : undefined;
  const direction = String(params.sort).toLowerCase() === 'desc' ? 'desc' : 'asc';
  const order: (readonly [string, 'asc' | 'desc'])[] = sortColumn ? [[sortColumn, direction]] : [...spec.defaultOrder];
  let ordered = filtered;
  for (const [column, dir] of [...order, [spec.tieBreaker ?? 'id', 'asc'] as const]) ordered = ordered.orderBy(sql.ref(column), dir);
  const list = await ordered.limit(pageSize).offset((currentPage - 1) * pageSize).execute();
  return { list, pagination: { currentPage, pageSize, total: Number(total) } };
}
