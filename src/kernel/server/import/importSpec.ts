import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { MessageKey, MessageParams } from '../locales/messages.js';

/**
 * What a module tells the generic import (spec 001 bulk import): its columns, and how one checked row is stored.
 * The import builds the template, reads uploads, previews, checks and imports rows, and lists failures from this.
 */
export const IMPORT_MAX_BYTES = 500 * 1024;
export const IMPORT_MAX_ROWS = 1000;

export interface RuleFailure {
  key: MessageKey;
  params?: MessageParams;
}

export interface ImportColumn {
  /** The row's key in previews and in ImportData's rows. */
  field: string;
  /** The form field (permission code) a value in this column sets, when it is not `field`: a row may not set one the importer was not granted. */
  formField?: string;
  /** The template's header text, also how failures name the column. */
  label: string;
  required?: boolean;
  maxLength?: number;
  /** The template's example row. */
  example?: string;
  /** A rule on the non-empty, trimmed text: a failure, or undefined when it passes. */
  validate?: (value: string) => RuleFailure | undefined;
}

/** Thrown by importRow for a rule only the database can check (a duplicate, an unknown name); field names the column. */
export class ImportRowError extends Error {
  constructor(
    readonly field: string | undefined,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'ImportRowError';
  }
}

export type ImportRow = Record<string, string>;

export interface ImportSpec {
  /** The base of downloaded file names: "<name>导入模板.xlsx", "<name>错误报告.xlsx". */
  fileName: string;
  columns: readonly ImportColumn[];
  /**
   * Stores one row that passed the column rules, inside the import's one transaction under a savepoint of its own:
   * throw to leave nothing of this row (the others stay). It is committed with the whole import, never alone.
   */
  importRow(trx: Transaction<DB>, row: ImportRow, who: { userId: string }): Promise<void>;
  /** After the import's transaction committed: caches to drop and the like. */
  afterImport?(): Promise<void>;
}

/** The first rule a row breaks per column, in column order: required, length, then the column's own rule. */
export function rowProblems(columns: readonly ImportColumn[], row: ImportRow): { column: ImportColumn; failure: RuleFailure }[] {
  const problems: { column: ImportColumn; failure: RuleFailure }[] = [];
  for (const column of columns) {
    const value = row[column.field] ?? '';
    if (!value) {
      if (column.required) problems.push({ column, failure: { key: 'import.required' } });
      continue;
    }
    if (column.maxLength !== undefined && [...value].length > column.maxLength) {
      problems.push({ column, failure: { key: 'import.tooLong', params: { limit: column.maxLength } } });
      continue;
    }
    const failure = column.validate?.(value);
    if (failure) problems.push({ column, failure });
  }
  return problems;
}

/** A submitted row as text: the columns' fields only, each trimmed; numbers and booleans as typed, objects dropped. */
export function normalizeRow(columns: readonly ImportColumn[], raw: unknown): ImportRow {
  const source = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const row: ImportRow = {};
  for (const { field } of columns) {
    const value = Object.hasOwn(source, field) ? source[field] : undefined;
    row[field] = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value).trim() : '';
  }
  return row;
}
