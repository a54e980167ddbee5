import type { ColumnType, SystemColumn } from '../../../onlineData/server/public.js';
import { literal } from '../names.js';

/**
 * How the plan's columns read in generated TypeScript (Kysely table types and migration calls). Numeric reads as
 * text (both drivers are configured so), jsonb is written as JSON text, times are Dates.
 */
export function fieldColumnTs(type: ColumnType): string {
  if (type === 'text') return 'string | null';
  if (type === 'numeric') return 'ColumnType<string | null, string | number | null, string | number | null>';
  if (type === 'timestamptz') return 'Date | null';
  return 'ColumnType<unknown, string | null, string | null>';
}

export function systemColumnTs(column: SystemColumn): string {
  const base = column.type === 'timestamptz' ? 'Date' : column.type === 'integer' ? 'number' : 'string';
  return column.notNull || column.primaryKey ? base : `${base} | null`;
}

/** One `.addColumn(...)` of a generated migration, constraints included. */
export function addColumnCall(name: string, type: string, column?: SystemColumn): string {
  const constraints: string[] = [];
  if (column?.primaryKey) constraints.push('.primaryKey()');
  if (column?.notNull && !column.primaryKey) constraints.push('.notNull()');
  if (column?.references) constraints.push(`.references(${literal(`${column.references}.id`)}).onDelete('cascade')`);
  return `    .addColumn(${literal(name)}, ${literal(type)}${constraints.length ? `, (col) => col${constraints.join('')}` : ''})`;
}
