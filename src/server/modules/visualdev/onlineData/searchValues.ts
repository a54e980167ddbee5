import { AppError } from '../../../appError.js';
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
