import { describe, expect, it, vi } from 'vitest';
import { calculate, expressionReferences, toFormula } from '../../../src/shared/expression/calculate.js';

describe('calculated fields (spec 001 §5)', () => {
  const tokens = [{ __vModel__: 'price' }, '×', { __vModel__: 'qty' }, '+', '1', '0'];

  it('turns JNPF token arrays into formulas', () => {
    expect(toFormula(tokens)).toBe('price  *  qty  + 10');
    expect(toFormula(['(', { __vModel__: 'a' }, '+', { __vModel__: 'b' }, ')', '÷', '2'])).toBe('(  a  +  b  )  / 2');
    expect(expressionReferences(tokens)).toEqual(['price', 'qty']);
  });

  it('counts missing or invalid operands as 0 and rounds to the precision', () => {
    expect(calculate(tokens, { values: { price: '2.5', qty: 3 } })).toBe(17.5);
    expect(calculate(tokens, { values: { price: 'abc' } })).toBe(10);
    expect(calculate([{ __vModel__: 'a' }, '÷', '3'], { values: { a: 1 } })).toBe(0.33);
    expect(calculate([{ __vModel__: 'a' }, '÷', '3'], { values: { a: 1 } }, { precision: 4 })).toBe(0.3333);
  });

  it('reads table.column as the current row inside a row and the column sum outside', () => {
    const values = { items: [{ amount: 2, qty: 1 }, { amount: '3.5', qty: 2 }, { amount: null }], rate: 10 };
    const expression = [{ __vModel__: 'items.amount' }, '×', { __vModel__: 'rate' }];
    expect(calculate(expression, { values })).toBe(55);
    expect(calculate(expression, { values, row: { table: 'items', values: values.items[1] } })).toBe(35);
    expect(calculate('items.amount * items.qty', { values, row: { table: 'items', values: values.items[0] } })).toBe(2);
  });

  it('yields 0 and warns on a formula error or a non-numeric result', () => {
    const warn = vi.fn();
    expect(calculate(['(', { __vModel__: 'a' }], { values: { a: 1 } }, { onWarning: warn })).toBe(0);
    expect(calculate([{ __vModel__: 'a' }, '÷', '0'], { values: { a: 1 } }, { onWarning: warn })).toBe(0);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(calculate([], { values: {} })).toBe(0);
  });
});
