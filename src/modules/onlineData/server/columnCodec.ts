import { sql, type RawBuilder } from 'kysely';
import type { ColumnType } from './tablePlan.js';

/**
 * Between a form's values and their columns. The API speaks JNPF's values (dates as milliseconds, lists as
 * arrays); the columns hold them typed (timestamptz, numeric, jsonb). Both drivers answer numeric as text, so
 * numbers are read back as numbers.
 */
export function toColumn(type: ColumnType, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  switch (type) {
    case 'numeric': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? String(n) : null;
    }
    case 'timestamptz': {
      const date = typeof value === 'number' ? new Date(value) : new Date(String(value));
      return Number.isNaN(date.getTime()) ? null : date;
    }
    case 'jsonb':
      return JSON.stringify(value);
    default:
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** A bound value typed for its column (a jsonb parameter must say it is jsonb). */
export function columnValue(type: ColumnType, value: unknown): RawBuilder<unknown> | unknown {
  const stored = toColumn(type, value);
  if (stored === null) return null;
  return type === 'jsonb' ? sql`cast(${stored} as jsonb)` : stored;
}

export function fromColumn(type: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'numeric':
      return Number(value);
    case 'timestamptz':
      return value instanceof Date ? value.getTime() : new Date(String(value)).getTime();
    case 'jsonb':
      return typeof value === 'string' ? safeJson(value) : value;
    default:
      return value;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
