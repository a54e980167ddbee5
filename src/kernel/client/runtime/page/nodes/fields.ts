import type { CellSpec, Text } from '../screen.js';

/** A shown field of a record (descriptions, cards, a table's column): its property, its label, optionally its cell. */
export interface ShownField {
  prop: string;
  label: Text;
  cell?: CellSpec;
  /** descriptions: left out while the record's value is empty (an order's remarks). */
  hideEmpty?: boolean;
  /** table: the column's width and alignment. */
  width?: number;
  align?: 'left' | 'center' | 'right';
}

export const isEmptyValue = (value: unknown) => value === null || value === undefined || value === '';
