import { sql, type Expression, type SqlBool } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import { containsPattern } from '../../../kernel/server/crud/listQuery.js';
import type { OnlineModel } from './model.js';
import { empty, jsonOf, rangeCondition, typed } from './searchValues.js';
import type { PlannedColumn } from './tablePlan.js';

/**
 * JNPF's advanced query (超级查询) on an online-development list: the List body's superQueryJson, as JNPF 5's
 * clients send it (PaginationModel.superQueryJson, a JSON text; an object is accepted too):
 *
 *   { matchLogic: 'and' | 'or', conditionList: [{ logic: 'and' | 'or', groups: [{ field, symbol, fieldValue }] }] }
 *
 * matchLogic joins the groups, each group's logic joins its conditions. JNPF 3's flat form
 * { matchLogic, conditionJson: [{ field, symbol, fieldValue }] } (conditionJson an array or its JSON text) is one
 * group. A field is a main-table field of the design (its __vModel__), nothing else: the column name and the SQL
 * come from the design's plan, the values are always bound. An unknown field or symbol, or a value its column
 * cannot hold, is refused with a translated message naming it; a condition without a value is left out, as an
 * empty search field is.
 */
export const SUPER_QUERY_SYMBOLS = ['==', '<>', '>', '>=', '<', '<=', 'like', 'notLike', 'in', 'notIn', 'null', 'notNull', 'between'] as const;
export type SuperQuerySymbol = (typeof SUPER_QUERY_SYMBOLS)[number];
/** Symbols that need no value. */
const VALUELESS = new Set<string>(['null', 'notNull']);
const MAX_CONDITIONS = 50;

interface Condition {
  field?: unknown;
  symbol?: unknown;
  fieldValue?: unknown;
}
interface Group {
  logic?: unknown;
  groups?: unknown;
}

const invalid = () => AppError.badRequest('onlineData.superQueryInvalid');

function parse(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = jsonOf(value, invalid);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid();
  return parsed as Record<string, unknown>;
}

function logicOf(value: unknown): 'and' | 'or' {
  if (value === undefined || value === null || value === '') return 'and';
  const logic = String(value).toLowerCase();
  if (logic !== 'and' && logic !== 'or') throw invalid();
  return logic;
}

function listOf(value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  const parsed = jsonOf(value, invalid);
  if (!Array.isArray(parsed)) throw invalid();
  return parsed;
}

/** The groups of either shape, each a logic and its conditions. */
function groupsOf(query: Record<string, unknown>): { logic: 'and' | 'or'; conditions: Condition[] }[] {
  const asConditions = (items: unknown[]): Condition[] =>
    items.map((item) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw invalid();
      return item as Condition;
    });
  if (query.conditionList !== undefined) {
    return listOf(query.conditionList).map((group) => {
      if (!group || typeof group !== 'object' || Array.isArray(group)) throw invalid();
      return { logic: logicOf((group as Group).logic), conditions: asConditions(listOf((group as Group).groups)) };
    });
  }
  return [{ logic: logicOf(query.matchLogic), conditions: asConditions(listOf(query.conditionJson)) }];
}

const valuesOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : typeof value === 'string' && value.includes(',') ? value.split(',') : [value]);

/** One condition as SQL over its column, or undefined when it has no value to compare with. */
function conditionSql(column: PlannedColumn, symbol: SuperQuerySymbol, value: unknown): Expression<SqlBool> | undefined {
  const ref = sql.ref(`t.${column.name}`);
  const asText = sql`cast(${ref} as text)`;
  if (symbol === 'null') return column.type === 'text' ? sql<SqlBool>`(${ref} is null or ${ref} = '')` : sql<SqlBool>`${ref} is null`;
  if (symbol === 'notNull') return column.type === 'text' ? sql<SqlBool>`(${ref} is not null and ${ref} <> '')` : sql<SqlBool>`${ref} is not null`;
  if (empty(value)) return undefined;
  if (symbol === 'like' || symbol === 'notLike') {
    if (typeof value === 'object') throw AppError.badRequest('onlineData.searchInvalid', { field: column.label });
    const like = sql<SqlBool>`${asText} ilike ${containsPattern(String(value))}`;
    return symbol === 'like' ? like : sql<SqlBool>`(${ref} is null or not (${like}))`;
  }
  if (column.type === 'jsonb') {
    // A list value (multiple select, cascader): == holds all of the values, in holds any of them.
    const each = valuesOf(value).map((v) => {
      if (typeof v === 'object' && v !== null) throw AppError.badRequest('onlineData.searchInvalid', { field: column.label });
      return sql<SqlBool>`(${ref} @> jsonb_build_array(${String(v)}::text) or ${ref} = to_jsonb(${String(v)}::text))`;
    });
    if (symbol === '==') return sql<SqlBool>`(${sql.join(each, sql` and `)})`;
    if (symbol === 'in') return sql<SqlBool>`(${sql.join(each, sql` or `)})`;
    if (symbol === '<>' || symbol === 'notIn') return sql<SqlBool>`(${ref} is null or not (${sql.join(each, sql` or `)}))`;
    throw AppError.badRequest('onlineData.superQuerySymbol', { symbol, field: column.label });
  }
  if (symbol === 'in' || symbol === 'notIn') {
    const values = valuesOf(value).filter((v) => !empty(v)).map((v) => typed(column, v));
    if (values.length === 0) return undefined;
    const inList = sql<SqlBool>`${ref} in (${sql.join(values)})`;
    return symbol === 'in' ? inList : sql<SqlBool>`(${ref} is null or not (${inList}))`;
  }
  if (symbol === 'between') {
    return rangeCondition(column, value);
  }
  if (Array.isArray(value)) throw AppError.badRequest('onlineData.searchInvalid', { field: column.label });
  const bound = typed(column, value);
  // "Not equal" keeps the rows that hold nothing, as a person reading the list expects.
  if (symbol === '<>') return sql<SqlBool>`${ref} is distinct from ${bound}`;
  const operator = { '==': '=', '>': '>', '>=': '>=', '<': '<', '<=': '<=' }[symbol];
  return sql<SqlBool>`${ref} ${sql.raw(operator)} ${bound}`;
}

/** The super query of a List body as one SQL condition over the design's main table (alias t), or undefined when it asks nothing. */
export function superQueryCondition(model: OnlineModel, value: unknown): Expression<SqlBool> | undefined {
  const query = parse(value);
  if (!query) return undefined;
  const matchLogic = logicOf(query.matchLogic);
  const columns = new Map(model.plan.main.columns.map((c) => [c.field, c]));
  const groups = groupsOf(query);
  if (groups.reduce((n, g) => n + g.conditions.length, 0) > MAX_CONDITIONS) throw AppError.badRequest('onlineData.superQueryTooMany', { max: MAX_CONDITIONS });
  const parts: Expression<SqlBool>[] = [];
  for (const group of groups) {
    const inGroup: Expression<SqlBool>[] = [];
    for (const condition of group.conditions) {
      const field = typeof condition.field === 'string' ? condition.field : '';
      const column = columns.get(field);
      if (!column) throw AppError.badRequest('onlineData.superQueryField', { field: String(condition.field ?? '').slice(0, 100) });
      const symbol = String(condition.symbol ?? '');
      if (!(SUPER_QUERY_SYMBOLS as readonly string[]).includes(symbol)) throw AppError.badRequest('onlineData.superQuerySymbol', { symbol: symbol.slice(0, 20), field: column.label });
      const expression = conditionSql(column, symbol as SuperQuerySymbol, VALUELESS.has(symbol) ? undefined : condition.fieldValue);
      if (expression) inGroup.push(expression);
    }
    if (inGroup.length) parts.push(inGroup.length === 1 ? inGroup[0] : sql<SqlBool>`(${sql.join(inGroup, group.logic === 'and' ? sql` and ` : sql` or `)})`);
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : sql<SqlBool>`(${sql.join(parts, matchLogic === 'and' ? sql` and ` : sql` or `)})`;
}
