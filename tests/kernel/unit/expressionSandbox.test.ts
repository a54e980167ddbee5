import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { evaluateFormula, FormulaError, roundTo } from '../../../src/shared/expression/evaluator.js';
import { calculate } from '../../../src/shared/expression/calculate.js';

/** Known ways out of expression sandboxes: none may run code, read a prototype or return a non-number. */
const ESCAPES = [
  'constructor',
  'a.constructor',
  'a.constructor.constructor("return process")()',
  'toString',
  'valueOf()',
  '__proto__',
  'a.__proto__',
  'a["constructor"]',
  '[].constructor',
  '"".constructor.constructor("return 1")()',
  'x = 5',
  'f(x) = x * 2',
  'this',
  'hasOwnProperty("a")',
  'Math.max(1, 2)',
  'process.exit(1)',
  'globalThis',
  'require("fs")',
  'eval("1")',
  'Function("return 1")()',
  'a || "x"',
  '`${1}`',
  'prototype',
  'map(x => x, [1])',
  'fold(f, 0, [1])',
  'join(",", [1])',
];

describe('the expression sandbox', () => {
  it('evaluates arithmetic, comparisons, conditionals and allowlisted functions', () => {
    expect(evaluateFormula('a * b + 1', { a: 2, b: 3 })).toBe(7);
    expect(evaluateFormula('SUM(a, b, 4) / 2', { a: 2, b: 4 })).toBe(5);
    expect(evaluateFormula('a > 1 ? 10 : 20', { a: 2 })).toBe(10);
    expect(evaluateFormula('max(a, b) - ROUND(1.256, 2)', { a: 1, b: 5 })).toBeCloseTo(3.74);
    expect(evaluateFormula('missing + 1', {})).toBe(1);
    expect(evaluateFormula('a + 1', { a: 'not a number' })).toBe(1);
  });

  it.each(ESCAPES)('refuses %s', (payload) => {
    const marker = vi.fn();
    (globalThis as Record<string, unknown>).__sandboxMarker = marker;
    const values = { a: 1, b: 2 };
    let result: unknown;
    try {
      result = evaluateFormula(payload, values);
    } catch (error) {
      expect(error).toBeInstanceOf(FormulaError);
      result = undefined;
    }
    // Either refused, or a plain finite number: never a function, an object, or a string.
    if (result !== undefined) expect(typeof result).toBe('number');
    expect(marker).not.toHaveBeenCalled();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  });

  it('never runs code or returns a non-number for arbitrary strings (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (formula) => {
        try {
          const result = evaluateFormula(formula, { a: 1 });
          return typeof result === 'number' && Number.isFinite(result);
        } catch (error) {
          return error instanceof FormulaError;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never runs code through calculate with hostile token arrays (property)', () => {
    const token = fc.oneof(fc.constantFrom('+', '-', '×', '÷', '(', ')', '1', '2.5', 'constructor', '__proto__'), fc.record({ __vModel__: fc.string({ maxLength: 12 }) }), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.array(token, { maxLength: 12 }), (tokens) => {
        const result = calculate(tokens as never, { values: { a: 1 } }, { onWarning: () => undefined });
        return typeof result === 'number' && Number.isFinite(result);
      }),
      { numRuns: 1000 },
    );
  });

  it('rounds half away from zero on the decimal value', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-2.345, 2)).toBe(-2.35);
    expect(roundTo(10, 2)).toBe(10);
  });
});
