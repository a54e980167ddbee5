import type { FieldDefinition, FormDefinition } from '../../../../shared/form/definition.js';
import { isStoredAttribute } from '../../../../shared/form/storedValues.js';
import { walkFields, type FieldNode } from '../../../../shared/form/walkFields.js';
import { compilePattern } from '../../../../shared/validation/fieldValidation.js';
import { expressionReferences, toFormula, type CalculateExpression } from '../../../../shared/expression/calculate.js';
import { parseFormula } from '../../../../shared/expression/evaluator.js';
import { isCalculateExpression } from '../../../../shared/form/calculatedFields.js';
import { getWidget } from '../../../../../registry/registerWidget.js';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../../shared/language.js';
import { formDesignerWords } from '../../locale/formDesignerWords.js';
import { keyFault } from './model/fieldKeys.js';

export type DesignProblemCode = 'keyMissing' | 'keyPattern' | 'keyDuplicate' | 'keyReserved' | 'regListPattern' | 'formula' | 'formulaUnknown';

/** One thing wrong with a design, tied to the field that has it (`path` as walkFields writes it). */
export interface DesignProblem {
  code: DesignProblemCode;
  path: string;
  /** The field's key as written (may be the faulty one), and its label. */
  field?: string;
  label: string;
  message: string;
}

/** Fills {{name}} placeholders: validateDesign stays pure and needs no i18n instance. */
function fillMessage(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Whether a field needs a key: a widget that stores a value (unknown widgets are judged by whether they have one). */
function storesValue(node: FieldNode): boolean {
  if (node.role === 'subTable') return true;
  if (node.role !== 'field') return false;
  const widget = getWidget(node.jnpfKey);
  // A saved attribute (isStorage 2) is a column of the record too.
  if (isStoredAttribute(node.jnpfKey, node.field)) return true;
  return widget ? widget.flags.storesValue : typeof node.field.__vModel__ === 'string';
}

/** The formula as the designer shows it: field keys and operators (token lists are JNPF's older form). */
export function formulaText(expression: unknown): string {
  if (typeof expression === 'string') return expression;
  if (!Array.isArray(expression)) return '';
  return expression
    .map((token) => (token && typeof token === 'object' ? String((token as { __vModel__?: string }).__vModel__ ?? (token as { vModel?: string }).vModel ?? '') : String(token)))
    .join(' ')
    .replace(/×/g, '*')
    .replace(/÷/g, '/')
    .trim();
}

/**
 * Everything that keeps a design from being saved: keys (present where the widget stores a value, identifier
 * shaped, not reserved, unique in their scope: the form's top level, or one sub-table's columns), regList
 * patterns that compile, formulas that parse with the shared evaluator and read fields the form has.
 * Pure: the host's save button calls it with the definition it is about to send.
 */
export function validateDesign(definition: FormDefinition, language: string = 'zh'): DesignProblem[] {
  const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
  const problems: DesignProblem[] = [];
  const report = (node: FieldNode, code: DesignProblemCode, params: Record<string, unknown> = {}) => {
    const label = String(node.config.label ?? node.field.__vModel__ ?? node.jnpfKey ?? '');
    problems.push({ code, path: node.path, ...(node.field.__vModel__ ? { field: node.field.__vModel__ } : {}), label, message: fillMessage(formDesignerWords[`formDesigner.problem.${code}`][lang], { label, key: node.field.__vModel__, ...params }) });
  };

  const topKeys = new Map<string, FieldNode[]>();
  const tableKeys = new Map<string, Map<string, FieldNode[]>>();
  const calculated: FieldNode[] = [];
  const tableColumns = new Map<string, Set<string>>();

  walkFields<void>(definition?.fields, (node, walkChildren) => {
    const key = node.field.__vModel__;
    if (storesValue(node)) {
      if (typeof key !== 'string' || key === '') report(node, 'keyMissing');
      else {
        const fault = keyFault(key);
        if (fault) report(node, fault);
        const scope = node.table !== undefined ? (tableKeys.get(node.table) ?? tableKeys.set(node.table, new Map()).get(node.table)!) : topKeys;
        scope.set(key, [...(scope.get(key) ?? []), node]);
        if (node.table !== undefined) (tableColumns.get(node.table) ?? tableColumns.set(node.table, new Set()).get(node.table)!).add(key);
      }
    }
    for (const rule of Array.isArray(node.config.regList) ? node.config.regList : []) {
      if (rule && typeof rule.pattern === 'string' && rule.pattern !== '' && !compilePattern(rule.pattern)) report(node, 'regListPattern', { pattern: rule.pattern });
    }
    if (node.jnpfKey === 'calculate') calculated.push(node);
    walkChildren();
  });

  for (const scope of [topKeys, ...tableKeys.values()]) {
    for (const nodes of scope.values()) if (nodes.length > 1) nodes.forEach((node) => report(node, 'keyDuplicate'));
  }

  for (const node of calculated) checkFormula(node, (field: FieldDefinition) => field.expression, topKeys, tableColumns, report);
  return problems;
}

function checkFormula(
  node: FieldNode,
  read: (field: FieldDefinition) => unknown,
  topKeys: Map<string, unknown>,
  tableColumns: Map<string, Set<string>>,
  report: (node: FieldNode, code: DesignProblemCode, params?: Record<string, unknown>) => void,
): void {
  const expression = read(node.field) ?? [];
  if (!isCalculateExpression(expression)) {
    report(node, 'formula', { detail: typeof expression });
    return;
  }
  try {
    const formula = toFormula(expression as CalculateExpression);
    if (formula !== '') parseFormula(formula);
  } catch (error) {
    report(node, 'formula', { detail: error instanceof Error ? error.message : String(error) });
    return;
  }
  for (const reference of expressionReferences(expression as CalculateExpression)) {
    const [first, column] = reference.split('.');
    const known = column === undefined ? topKeys.has(first!) : Boolean(tableColumns.get(first!)?.has(column));
    if (!known) report(node, 'formulaUnknown', { key: reference });
  }
}
