import type { Form } from '@formily/core';
import { onFormValuesChange } from '@formily/core';
import { raw } from '@formily/reactive';
import { calculate } from '../../shared/expression/calculate.js';
import type { Calculation } from './compileForm.js';

/** Recalculation waits this long after the last change (spec 001 §9). */
export const CALCULATION_DEBOUNCE_MS = 100;

/**
 * Applies the calculations to the values once: top-level results into their fields, sub-table columns row by
 * row. Rows whose results do not change keep their identity, so the table re-renders only what changed.
 * Answers the keys it changed.
 */
export function applyCalculations(form: Form, calculations: readonly Calculation[], warn: (message: string) => void = console.warn): string[] {
  if (calculations.length === 0) return [];
  // Read the raw values, unwrapped at every level (Formily may store rows as observables): nothing is copied,
  // nothing is tracked, and rows that do not change keep their identity.
  const values: Record<string, unknown> = { ...(raw(form.values) as Record<string, unknown>) };
  const sums = new Map<string, number>();
  const changed: string[] = [];
  const tables = new Set<string>();
  for (const calc of calculations) {
    if (calc.table) tables.add(calc.table);
    for (const reference of calc.references) if (reference.includes('.')) tables.add(reference.slice(0, reference.indexOf('.')));
  }
  for (const table of tables) {
    const stored = raw(values[table]);
    if (Array.isArray(stored)) values[table] = stored.map((row) => raw(row) as Record<string, unknown>);
  }
  const byTable = new Map<string, Calculation[]>();
  for (const calc of calculations) {
    if (calc.table) byTable.set(calc.table, [...(byTable.get(calc.table) ?? []), calc]);
  }
  for (const [table, calcs] of byTable) {
    const rows = values[table];
    if (!Array.isArray(rows)) continue;
    let tableChanged = false;
    const next = rows.map((row: Record<string, unknown>) => {
      let updated: Record<string, unknown> | undefined;
      for (const calc of calcs) {
        const result = calculate(calc.expression, { values, row: { table, values: updated ?? row } }, { precision: calc.precision, onWarning: warn });
        if (row?.[calc.key] !== result) {
          updated ??= { ...row };
          updated[calc.key] = result;
        }
      }
      if (updated) tableChanged = true;
      return updated ?? row;
    });
    if (tableChanged) {
      values[table] = next;
      form.setValuesIn(table, next);
      changed.push(table);
    }
  }
  for (const calc of calculations) {
    if (calc.table) continue;
    const result = calculate(calc.expression, { values, sums }, { precision: calc.precision, onWarning: warn });
    if (values[calc.key] !== result) {
      values[calc.key] = result;
      form.setValuesIn(calc.key, result);
      changed.push(calc.key);
    }
  }
  return changed;
}

/** Formily effects: recalculate 100 ms after the last change of any value. */
export function calculationEffects(calculations: readonly Calculation[]) {
  return (form: Form) => {
    if (calculations.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let applying = false;
    const run = () => {
      timer = undefined;
      applying = true;
      try {
        applyCalculations(form, calculations);
      } finally {
        applying = false;
      }
    };
    onFormValuesChange(() => {
      if (applying) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(run, CALCULATION_DEBOUNCE_MS);
    });
    // First results as soon as the form is up, without waiting for a change.
    setTimeout(run, 0);
  };
}
