import { createForm } from '@formily/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calculationEffects, calculationInputs, CALCULATION_DEBOUNCE_MS } from '../../../src/kernel/client/runtime/calculations.js';
import { calculationOf } from '../../../src/shared/form/calculatedFields.js';

/** Issue 15: a change to a value no formula reads schedules no recalculation (no pass over a large table). */
afterEach(() => vi.useRealTimers());

const calculations = [
  calculationOf({ __config__: { jnpfKey: 'calculate' }, __vModel__: 'amount', expression: [{ __vModel__: 'items.price' }, '×', { __vModel__: 'items.qty' }] }, 'amount', 'items'),
  calculationOf({ __config__: { jnpfKey: 'calculate' }, __vModel__: 'total', expression: [{ __vModel__: 'items.amount' }, '+', { __vModel__: 'fee' }] }, 'total'),
];

function mountedForm() {
  const form = createForm({ initialValues: { items: [{ price: 2, qty: 3 }], fee: 1, note: '' }, effects: calculationEffects(calculations) });
  form.onMount();
  return form;
}

describe('recalculation follows only the values formulas read', () => {
  it('names the top-level inputs: referenced fields and tables, and tables holding calculated cells', () => {
    expect([...calculationInputs(calculations)].sort()).toEqual(['fee', 'items']);
  });

  it('recalculates after a change to a referenced field, a cell in place, or the whole values, never after an unrelated field', () => {
    vi.useFakeTimers();
    const form = mountedForm();
    vi.advanceTimersByTime(1);
    expect(form.values.total).toBe(7);
    // Overwritten by hand: only a recalculation would put it right again.
    form.setValuesIn('total', 999);
    form.setValuesIn('note', 'typing');
    vi.advanceTimersByTime(CALCULATION_DEBOUNCE_MS * 3);
    expect(form.values.total).toBe(999);

    form.setValuesIn('fee', 2);
    vi.advanceTimersByTime(CALCULATION_DEBOUNCE_MS - 1);
    expect(form.values.total).toBe(999);
    vi.advanceTimersByTime(1);
    expect(form.values.total).toBe(8);

    form.setValuesIn('items.0.qty', 4);
    vi.advanceTimersByTime(CALCULATION_DEBOUNCE_MS);
    expect(form.values).toMatchObject({ items: [{ amount: 8 }], total: 10 });

    form.setValues({ items: [{ price: 1, qty: 1 }], fee: 0 }, 'overwrite');
    vi.advanceTimersByTime(CALCULATION_DEBOUNCE_MS);
    expect(form.values.total).toBe(1);
    form.onUnmount();
  });

  it('stops when the form unmounts', () => {
    vi.useFakeTimers();
    const form = mountedForm();
    vi.advanceTimersByTime(1);
    form.onUnmount();
    form.setValuesIn('fee', 5);
    vi.advanceTimersByTime(CALCULATION_DEBOUNCE_MS * 2);
    expect(form.values.total).toBe(7);
  });
});
