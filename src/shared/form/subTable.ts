import type { RegRule } from './definition.js';
import { toNumber } from '../expression/evaluator.js';
import { validateFieldValue, type CellValidity } from '../validation/fieldValidation.js';
import { withThousands } from '../format/thousands.js';

/**
 * Sub-table rules of spec 001 §5, pure so the widget, the runtime and the server share them.
 */
export interface SubTableColumnRule {
  key: string;
  required?: boolean;
  regList?: RegRule[];
}

export type SubTableRow = Record<string, unknown>;

/** Every cell's validity; `invalid` lists the failing cells in row order. */
export function validateRows(rows: readonly SubTableRow[], columns: readonly SubTableColumnRule[]) {
  const invalid: { row: number; key: string; validity: CellValidity }[] = [];
  rows.forEach((row, index) => {
    for (const column of columns) {
      const validity = validateFieldValue(row?.[column.key], column);
      if (!validity.valid || !validity.regValid) invalid.push({ row: index, key: column.key, validity });
    }
  });
  return { valid: invalid.length === 0, invalid };
}

/** What the table's submit answers: nothing while any cell is invalid, the rows otherwise. */
export function submitRows(rows: readonly SubTableRow[], columns: readonly SubTableColumnRule[]): SubTableRow[] | undefined {
  return validateRows(rows, columns).valid ? rows.map((row) => ({ ...row })) : undefined;
}

/** Column sums of the summary row: integers as they are, other sums to 2 decimals, thousands where asked. */
export function summarize(rows: readonly SubTableRow[], summaryFields: readonly string[], thousandsFields: readonly string[] = []): Record<string, string> {
  const result: Record<string, string> = {};
  for (const key of summaryFields) {
    let total = 0;
    for (const row of rows) total += toNumber(row?.[key]);
    const text = Number.isInteger(total) ? String(total) : total.toFixed(2);
    result[key] = thousandsFields.includes(key) ? withThousands(text) : text;
  }
  return result;
}

/** The delete confirmation (spec 001 §5), the same words in sub-tables and list screens. */
export const DELETE_ROW_CONFIRMATION = '此操作将永久删除该数据，是否继续？';
export const SUMMARY_LABEL = '合计';
