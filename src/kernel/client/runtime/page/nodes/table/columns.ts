import type { ActionSpec, ScreenCall, Text } from '../../screen.js';
import type { ShownField } from '../fields.js';

/**
 * A column of a row table (the table node, a cart, a form's row tables): a shown field that may also compute its
 * value (`multiply`: price × quantity, rounded to cents), number its rows (`index`), or edit in place (`input`).
 */
export interface RowInput {
  /** number: a stepper, whole numbers min–max; select: one of options; pick: a row chosen in a dialog; text: a line of text. */
  type: 'number' | 'select' | 'pick' | 'text';
  /** text: the most characters, and what the empty box says. */
  maxLength?: number;
  placeholder?: Text;
  min?: number;
  max?: number;
  /** number, in a table's row: a field of the row that caps the value too (a cart line's stock); `maxText` warns when it holds one back ({max}). */
  maxProp?: string;
  maxText?: Text;
  options?: { value: string | number; label: Text }[];
  /** A change goes to the server after `delay` ms of quiet ({value}, {row}, {id} filled), then `then` runs. */
  api?: ScreenCall;
  delay?: number;
  then?: ActionSpec | ActionSpec[];
  /** pick: the dialog's title, keyword search, its list call ({keyword}, {page.currentPage}, {page.pageSize}) and columns. */
  dialog?: { title?: Text; api: ScreenCall; columns: ShownField[]; pageSize?: number; width?: number; placeholder?: Text };
  /** pick: what the chosen row shows (its name), and the button's text while none is chosen. */
  labelProp?: string;
  pickText?: Text;
  testId?: string;
}

export interface TableColumn extends ShownField {
  input?: RowInput;
  multiply?: [string, string];
  index?: boolean;
}

export type Row = Record<string, unknown>;

/** A row's value by a dotted path ('product.cas': the picked product's CAS number). */
export function valueAt(row: Row, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Row)[part];
  }
  return value;
}

const cents = (value: unknown) => Math.round(Number(value) * 100);

/** What a column shows for a row: the computed product, or the value at its prop. */
export function columnValue(column: TableColumn, row: Row): unknown {
  if (column.multiply) {
    const [a, b] = column.multiply.map((prop) => Number(valueAt(row, prop)));
    return Number.isFinite(a) && Number.isFinite(b) ? (cents(a) * b) / 100 : undefined;
  }
  return valueAt(row, column.prop);
}

/** The sum of one column over rows, in cents so that money adds up exactly. */
export function sumOf(column: TableColumn | undefined, prop: string, rows: Row[]): number {
  return rows.reduce((sum, row) => {
    const value = Number(column ? columnValue(column, row) : valueAt(row, prop));
    return Number.isFinite(value) ? sum + cents(value) : sum;
  }, 0) / 100;
}
