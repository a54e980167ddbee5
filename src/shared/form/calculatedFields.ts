import type { FieldDefinition, FormDefinition } from './definition.js';
import { calculate, expressionReferences, type CalculateExpression } from '../expression/calculate.js';
import { columnNodes, flattenFields } from './walkFields.js';

/**
 * Calculated fields (jnpfKey `calculate`, spec 001 §5) and the one pass that recomputes them, shared by the
 * form runtime (every change, 100 ms debounced) and the server (every write: it never trusts a submitted result).
 */
export interface Calculation {
  /** The calculated field: a top-level key, or a column when `table` is set. */
  key: string;
  table?: string;
  expression: CalculateExpression;
  precision: number;
  references: string[];
}

/** A stored formula is a token list or a string; anything else (a hand-edited definition) is no formula. */
export function isCalculateExpression(value: unknown): value is CalculateExpression {
  return typeof value === 'string' || Array.isArray(value);
}

export function calculationOf(field: FieldDefinition, key: string, table?: string): Calculation {
  // A malformed formula computes nothing instead of throwing: compileForm reports it as a problem.
  const expression = isCalculateExpression(field.expression) ? field.expression : [];
  return {
    key,
    ...(table !== undefined ? { table } : {}),
    expression,
    precision: typeof field.precision === 'number' ? field.precision : 2,
    references: expressionReferences(expression),
  };
}

/** Every calculated field of a definition, sub-table columns included, hidden or not. */
export function formCalculations(definition: FormDefinition): Calculation[] {
  const calculations: Calculation[] = [];
  for (const node of flattenFields(definition?.fields)) {
    const key = node.field.__vModel__;
    if (!key) continue;
    if (node.jnpfKey === 'calculate') calculations.push(calculationOf(node.field, key));
    if (node.role !== 'subTable') continue;
    for (const column of columnNodes(node)) {
      if (column.jnpfKey === 'calculate' && column.field.__vModel__) calculations.push(calculationOf(column.field, column.field.__vModel__, key));
    }
  }
  return calculations;
}

const nameOf = (calc: Calculation) => (calc.table ? `${calc.table}.${calc.key}` : calc.key);

/**
 * Orders calculations so each runs after the calculated fields it reads (a total over a calculated column, a
 * tax on a calculated subtotal). A column formula's bare `key` reads a top-level field; `table.column` reads a
 * cell or a column sum. Calculations caught in a cycle keep their definition order.
 */
export function dependencyOrder(calculations: readonly Calculation[]): Calculation[] {
  const byName = new Map(calculations.map((calc) => [nameOf(calc), calc]));
  const ordered: Calculation[] = [];
  const state = new Map<Calculation, 'visiting' | 'done'>();
  const visit = (calc: Calculation) => {
    if (state.has(calc)) return;
    state.set(calc, 'visiting');
    for (const reference of calc.references) {
      const dependency = byName.get(reference);
      if (dependency && dependency !== calc && !state.has(dependency)) visit(dependency);
    }
    state.set(calc, 'done');
    ordered.push(calc);
  };
  calculations.forEach(visit);
  return ordered;
}

export interface CalculationResult {
  values: Record<string, unknown>;
  /** The top-level keys whose value changed: calculated fields, and sub-tables with a changed row. */
  changed: string[];
}

type Row = Record<string, unknown>;

/**
 * Runs the calculations once over the values, in dependency order. Nothing is mutated: changed rows and
 * tables are new objects, and rows whose results do not change keep their identity, so a reactive form
 * re-renders only what changed.
 */
export function runCalculations(values: Readonly<Record<string, unknown>>, calculations: readonly Calculation[], warn?: (message: string) => void): CalculationResult {
  const next: Record<string, unknown> = { ...values };
  const changed = new Set<string>();
  const copiedRows = new Map<string, Set<Row>>();
  // Column sums by table.column, shared by the formulas of this pass and dropped when their table changes.
  const sums = new Map<string, number>();
  for (const calc of dependencyOrder(calculations)) {
    if (calc.table === undefined) {
      const result = calculate(calc.expression, { values: next, sums }, { precision: calc.precision, onWarning: warn });
      if (next[calc.key] !== result) {
        next[calc.key] = result;
        changed.add(calc.key);
      }
      continue;
    }
    const table = calc.table;
    const rows = next[table];
    if (!Array.isArray(rows)) continue;
    const copies = copiedRows.get(table) ?? new Set<Row>();
    let tableChanged = false;
    const updated = rows.map((row: Row) => {
      const result = calculate(calc.expression, { values: next, row: { table, values: row ?? {} }, sums }, { precision: calc.precision, onWarning: warn });
      if (row?.[calc.key] === result) return row;
      tableChanged = true;
      // A row already copied in this pass is ours to write; an original one is copied once.
      if (copies.has(row)) {
        row[calc.key] = result;
        return row;
      }
      const copy = { ...row, [calc.key]: result };
      copies.add(copy);
      return copy;
    });
    if (tableChanged) {
      next[table] = updated;
      copiedRows.set(table, copies);
      changed.add(table);
      for (const name of [...sums.keys()]) if (name.startsWith(`${table}.`)) sums.delete(name);
    }
  }
  return { values: next, changed: [...changed] };
}
