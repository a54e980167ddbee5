import type { Form } from '@formily/core';
import { onFormInit, onFormUnmount } from '@formily/core';
import { observe, raw } from '@formily/reactive';
import { runCalculations, type Calculation } from '../../../shared/form/calculatedFields.js';

/** Recalculation waits this long after the last change (spec 001 §9). */
export const CALCULATION_DEBOUNCE_MS = 100;

/**
 * Applies the calculations to the form once, through the shared pass the server runs on every write. Rows
 * whose results do not change keep their identity, so the table re-renders only what changed. Answers the
 * keys it changed.
 */
export function applyCalculations(form: Form, calculations: readonly Calculation[], warn: (message: string) => void = console.warn): string[] {
  if (calculations.length === 0) return [];
  // Read the raw values, unwrapped at every level (Formily may store rows as observables): nothing is copied,
  // nothing is tracked, and rows that do not change keep their identity.
  const values: Record<string, unknown> = { ...(raw(form.values) as Record<string, unknown>) };
  const tables = new Set<string>();
  for (const calc of calculations) {
    if (calc.table) tables.add(calc.table);
    for (const reference of calc.references) if (reference.includes('.')) tables.add(reference.slice(0, reference.indexOf('.')));
  }
  for (const table of tables) {
    const stored = raw(values[table]);
    if (Array.isArray(stored)) values[table] = stored.map((row) => raw(row) as Record<string, unknown>);
  }
  const result = runCalculations(values, calculations, warn);
  for (const key of result.changed) form.setValuesIn(key, result.values[key]);
  return result.changed;
}

/**
 * The top-level values the calculations depend on: the fields and tables their formulas read, and the tables
 * whose rows hold calculated cells (a new row needs its cells computed).
 */
export function calculationInputs(calculations: readonly Calculation[]): Set<string> {
  const inputs = new Set<string>();
  for (const calc of calculations) {
    if (calc.table) inputs.add(calc.table);
    for (const reference of calc.references) inputs.add(reference.includes('.') ? reference.slice(0, reference.indexOf('.')) : reference);
  }
  return inputs;
}

/**
 * Formily effects: recalculate 100 ms after the last change of a value the formulas read. A keystroke in a
 * field no formula reads schedules nothing, so typing in a form with a large sub-table does not pay for a pass
 * over its rows (issue 15).
 */
export function calculationEffects(calculations: readonly Calculation[]) {
  return (form: Form) => {
    if (calculations.length === 0) return;
    const inputs = calculationInputs(calculations);
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
    // Every write to the values, with its path from the form: ['values'] when they are replaced whole,
    // ['values', key, …] for a field, a table or a cell in place. Effects run before the form is observable,
    // so the observer starts when the form has initialised.
    let dispose = () => {};
    onFormInit(() => {
      dispose = observe(
        form,
        (change) => {
          const path = (change as { path?: unknown[] }).path;
          if (applying || !path || path[0] !== 'values') return;
          if (path.length > 1 && !inputs.has(String(path[1]))) return;
          if (timer) clearTimeout(timer);
          timer = setTimeout(run, CALCULATION_DEBOUNCE_MS);
        },
        true,
      );
    });
    // First results as soon as the form is up, without waiting for a change.
    const first = setTimeout(run, 0);
    onFormUnmount(() => {
      dispose();
      clearTimeout(first);
      if (timer) clearTimeout(timer);
    });
  };
}
