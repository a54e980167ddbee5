import type { CellSpec, Text } from '../screen.js';

/** A shown field of a record (descriptions, cards): its property, its label, and optionally its cell. */
export interface ShownField {
  prop: string;
  label: Text;
  cell?: CellSpec;
}
