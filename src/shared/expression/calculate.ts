import { evaluateFormula, FormulaError, roundTo, toNumber } from './evaluator.js';

/**
 * JNPF calculated fields (spec 001 §5). An expression is either a token array — operands {__vModel__},
 * operators + - × ÷ ( ), digits — or a formula string. A reference `table.column` means the current row's cell
 * inside a sub-table row and the column's sum outside. Missing or invalid operands count 0, the result rounds to
 * the precision (2 by default), a non-numeric result is 0, and a formula error logs a warning and yields 0.
 */
export type ExpressionToken = string | number | { __vModel__?: string; vModel?: string; label?: string; [k: string]: unknown };
export type CalculateExpression = string | ExpressionToken[];

const OPERATOR_TOKENS: Record<string, string> = { '+': '+', '-': '-', '×': '*', '*': '*', '÷': '/', '/': '/', '(': '(', ')': ')' };

/** The evaluator names a table.column reference table__column: dots are not allowed in formulas. */
export function referenceVariable(reference: string): string {
  return reference.replace(/\./g, '__');
}

/** The field references of an expression, as written (table.column kept). */
export function expressionReferences(expression: CalculateExpression): string[] {
  if (typeof expression === 'string') {
    return [...new Set(expression.match(/[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)?/g) ?? [])].filter((name) => !/^[A-Z]+$/.test(name) && !['PI', 'E'].includes(name));
  }
  const references: string[] = [];
  for (const token of expression) {
    if (token && typeof token === 'object') {
      const name = token.__vModel__ ?? token.vModel;
      if (typeof name === 'string' && name) references.push(name);
    }
  }
  return [...new Set(references)];
}

/** Turns a token array (or a formula string) into a formula over evaluator variables. */
export function toFormula(expression: CalculateExpression): string {
  if (typeof expression === 'string') {
    return expression.replace(/×/g, '*').replace(/÷/g, '/').replace(/([A-Za-z_$][A-Za-z0-9_$]*)\.([A-Za-z_$][A-Za-z0-9_$]*)/g, '$1__$2');
  }
  let formula = '';
  for (const token of expression) {
    if (token && typeof token === 'object') {
      const name = token.__vModel__ ?? token.vModel;
      formula += typeof name === 'string' && name ? ` ${referenceVariable(name)} ` : ' 0 ';
    } else {
      const text = String(token);
      if (text in OPERATOR_TOKENS) formula += ` ${OPERATOR_TOKENS[text]} `;
      else if (/^[0-9.]+$/.test(text)) formula += text;
      else throw new FormulaError(`unexpected token ${JSON.stringify(text).slice(0, 40)}`, text);
    }
  }
  return formula.trim();
}

export interface CalculateScope {
  /** The form's values. */
  values: Readonly<Record<string, unknown>>;
  /** Inside a sub-table row: the table's key and the row's values. */
  row?: { table: string; values: Readonly<Record<string, unknown>> };
  /** Column sums already computed in this pass, by table.column: many formulas often sum the same column. */
  sums?: Map<string, number>;
}

/** The value a reference takes: a field, the current row's cell, or a column sum. */
export function resolveReference(reference: string, scope: CalculateScope): number {
  const dot = reference.indexOf('.');
  if (dot < 0) return toNumber(scope.values[reference]);
  const table = reference.slice(0, dot);
  const column = reference.slice(dot + 1);
  if (scope.row && scope.row.table === table) return toNumber(scope.row.values[column]);
  const cached = scope.sums?.get(reference);
  if (cached !== undefined) return cached;
  const rows = scope.values[table];
  if (!Array.isArray(rows)) return 0;
  let total = 0;
  for (const row of rows) total += toNumber((row as Record<string, unknown> | null)?.[column]);
  scope.sums?.set(reference, total);
  return total;
}

export interface CalculateOptions {
  precision?: number;
  onWarning?: (message: string) => void;
}

export function calculate(expression: CalculateExpression, scope: CalculateScope, options: CalculateOptions = {}): number {
  const precision = options.precision ?? 2;
  try {
    if (Array.isArray(expression) ? expression.length === 0 : !String(expression).trim()) return 0;
    const formula = toFormula(expression);
    const variables: Record<string, number> = Object.create(null);
    for (const reference of expressionReferences(expression)) variables[referenceVariable(reference)] = resolveReference(reference, scope);
    const result = evaluateFormula(formula, variables);
    return roundTo(result, precision);
  } catch (error) {
    (options.onWarning ?? console.warn)(`formula error, value set to 0: ${error instanceof Error ? error.message : String(error)}`);
    return 0;
  }
}
