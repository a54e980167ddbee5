import { Parser } from 'expr-eval-fork';

/**
 * The one expression evaluator of the product (calculated fields, summaries, and anything later that computes
 * from user-written formulas), shared by client and server. Layers of the sandbox, each enough on its own for
 * the payloads in tests/kernel/unit/expressionSandbox.test.ts:
 *  1. the text may only hold identifiers, numbers, operators, commas, parentheses and spaces: no quotes, no
 *     brackets, no dots outside numbers, so no member access, indexing or strings can even be written;
 *  2. expr-eval-fork (never expr-eval 2.0.2, CVE-2025-12735) with member access, assignment and function
 *     definition switched off;
 *  3. its function, operator and constant tables replaced by null-prototype objects holding an allowlist, so
 *     names like toString or constructor resolve to nothing;
 *  4. a fresh null-prototype values object per evaluation, holding only numbers.
 * Nothing here uses eval or new Function (Expression.toJSFunction does; it is never called).
 */

const ALLOWED_TEXT = /^[A-Za-z0-9_$\s+\-*/%^(),.<>=!?:&|]*$/;
/** A dot is allowed only inside a number (1.5), never between names. */
const DOT_OUTSIDE_NUMBER = /(^|[^0-9])\.|\.(?![0-9])/;

const mathFunctions: Record<string, (...args: number[]) => number> = {
  min: (...args) => (args.length ? Math.min(...args) : 0),
  max: (...args) => (args.length ? Math.max(...args) : 0),
  pow: (a, b) => a ** b,
  hypot: (...args) => Math.hypot(...args),
  roundTo: (value, digits = 0) => roundTo(value, digits),
  if: (condition, then, otherwise) => (condition ? then : otherwise),
  sum: (...args) => args.reduce((total, n) => total + n, 0),
  avg: (...args) => (args.length ? args.reduce((total, n) => total + n, 0) / args.length : 0),
  count: (...args) => args.length,
  round: (value, digits = 0) => roundTo(value, digits),
  abs: Math.abs,
  ceil: Math.ceil,
  floor: Math.floor,
  sqrt: Math.sqrt,
  trunc: Math.trunc,
  sign: Math.sign,
};

/** Spreadsheet-style upper-case names people type in formulas map to the same functions. */
const ALIASES: Record<string, string> = {
  SUM: 'sum', AVG: 'avg', AVERAGE: 'avg', COUNT: 'count', MAX: 'max', MIN: 'min', ROUND: 'round', ABS: 'abs',
  CEIL: 'ceil', CEILING: 'ceil', FLOOR: 'floor', SQRT: 'sqrt', POW: 'pow', POWER: 'pow', IF: 'if', TRUNC: 'trunc', INT: 'trunc',
};

const UNARY_ALLOWLIST = ['-', '+', 'abs', 'ceil', 'floor', 'round', 'sqrt', 'trunc', 'sign', 'not', '!'] as const;

export function roundTo(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** Math.max(0, Math.min(15, Math.trunc(digits)));
  // Rounding half away from zero on the decimal string, not the binary float: 1.005 rounds to 1.01.
  return Math.sign(value) * Math.round(Number(`${Math.abs(value)}e${Math.log10(factor)}`)) / factor;
}

function nullObject<T>(entries: [string, T][]): Record<string, T> {
  const object = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) object[key] = value;
  return object;
}

function createParser(): Parser {
  const parser = new Parser({
    allowMemberAccess: false,
    operators: {
      assignment: false,
      fndef: false,
      concatenate: false,
      in: false,
      random: false,
      factorial: false,
      length: false,
      conditional: true,
      comparison: true,
      logical: true,
    },
  });
  const functions = Object.entries(mathFunctions);
  for (const [alias, target] of Object.entries(ALIASES)) functions.push([alias, mathFunctions[target]]);
  parser.functions = nullObject(functions);
  const unary = parser.unaryOps as Record<string, unknown>;
  parser.unaryOps = nullObject(UNARY_ALLOWLIST.filter((name) => name in unary).map((name) => [name, unary[name]]));
  parser.consts = nullObject([['PI', Math.PI], ['E', Math.E], ['true', 1 as never], ['false', 0 as never]]);
  return parser;
}

const parser = createParser();
const parsed = new Map<string, ReturnType<Parser['parse']>>();
const MAX_FORMULA_LENGTH = 2000;

export class FormulaError extends Error {
  constructor(message: string, readonly formula: string) {
    super(message);
    this.name = 'FormulaError';
  }
}

/** Checks and parses a formula once; later evaluations reuse the parse. Throws FormulaError. */
export function parseFormula(formula: string) {
  const cached = parsed.get(formula);
  if (cached) return cached;
  if (formula.length > MAX_FORMULA_LENGTH) throw new FormulaError('formula too long', formula);
  if (!ALLOWED_TEXT.test(formula) || DOT_OUTSIDE_NUMBER.test(formula)) throw new FormulaError('formula holds characters outside the formula alphabet', formula);
  let expression;
  try {
    expression = parser.parse(formula);
  } catch (error) {
    throw new FormulaError(error instanceof Error ? error.message : String(error), formula);
  }
  if (parsed.size > 5000) parsed.clear();
  parsed.set(formula, expression);
  return expression;
}

/** The variable names a formula reads. */
export function formulaVariables(formula: string): string[] {
  return parseFormula(formula).variables();
}

/**
 * Evaluates a formula over numeric variables. A missing or non-numeric variable counts 0 (spec 001 §5); the
 * result is a finite number or the evaluation throws FormulaError.
 */
export function evaluateFormula(formula: string, variables: Readonly<Record<string, unknown>>): number {
  const expression = parseFormula(formula);
  const values = Object.create(null) as Record<string, number>;
  for (const name of expression.variables()) {
    const raw = Object.prototype.hasOwnProperty.call(variables, name) ? variables[name] : undefined;
    values[name] = toNumber(raw);
  }
  let result: unknown;
  try {
    result = expression.evaluate(values);
  } catch (error) {
    throw new FormulaError(error instanceof Error ? error.message : String(error), formula);
  }
  if (typeof result === 'boolean') return result ? 1 : 0;
  if (typeof result !== 'number' || !Number.isFinite(result)) throw new FormulaError('result is not a finite number', formula);
  return result;
}

/** Numbers and numeric strings ('1,234.5' too) count; everything else is 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string') {
    const n = Number(value.replace(/,/g, '').trim());
    return value.trim() !== '' && Number.isFinite(n) ? n : 0;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return 0;
}
