import { sql, type Expression, type SqlBool } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import type { PlannedColumn } from './tablePlan.js';

/** Search values of the list (its search form and its super query), bound for their columns. */
export const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A search value bound for its column's type; a value the type cannot hold is a bad request, not a SQL error. */
export function typed(column: PlannedColumn, value: unknown): unknown {
  if (typeof value === 'object' && value !== null) throw AppError.badRequest('error.badRequest');
  if (column.type === 'numeric') {
    const n = Number(value);
    if (!Number.isFinite(n)) throw AppError.badRequest('onlineData.searchInvalid', { field: column.label });
    return String(n);
  }
  if (column.type === 'timestamptz') {
    const date = typeof value === 'number' || /^\d+$/.test(String(value)) ? new Date(Number(value)) : new Date(String(value));
    if (Number.isNaN(date.getTime())) throw AppError.badRequest('onlineData.searchInvalid', { field: column.label });
    return date;
  }
  return String(value);
}

/** A value JNPF sends as JSON text (or already parsed): parsed, or the given refusal when the text is not JSON. */
export function jsonOf(value: unknown, refusal: () => AppError): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw refusal();
  }
}

/** Between two values, either end optional ([from, to] or "from,to"), over the main table's column (alias t). */
export function rangeCondition(column: PlannedColumn, value: unknown): Expression<SqlBool> | undefined {
  const ref = sql.ref(`t.${column.name}`);
    const [from, to] = Array.isArray(value) ? value : String(value).split(',');
    const parts: Expression<SqlBool>[] = [];
    if (!empty(from)) parts.push(sql<SqlBool>`${ref} >= ${typed(column, from)}`);
    if (!empty(to)) parts.push(sql<SqlBool>`${ref} <= ${typed(column, to)}`);
    if (parts.length === 0) return undefined;
    return parts.length === 1 ? parts[0] : sql<SqlBool>`(${parts[0]} and ${parts[1]})`;
}
