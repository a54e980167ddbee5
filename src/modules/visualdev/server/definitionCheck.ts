import type { FieldDefinition, FormDefinition, RegRule } from '../../../shared/form/definition.js';
import { BUILT_IN_STORED_VALUES, storedValueOfField } from '../../../shared/form/storedValues.js';
import { LAYOUT_KEYS } from '../../../shared/form/jnpfKeys.js';
import { walkFields, type FieldNode } from '../../../shared/form/walkFields.js';
import { isCalculateExpression } from '../../../shared/form/calculatedFields.js';
import { toFormula } from '../../../shared/expression/calculate.js';
import { parseFormula } from '../../../shared/expression/evaluator.js';
import { compilePattern } from '../../../shared/validation/fieldValidation.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { MessageKey, MessageParams } from '../../../kernel/server/locales/messages.js';

/**
 * What a saved design must be before it is stored (the designer's own checks, repeated where the client cannot be
 * trusted): JSON that reads, a form whose every widget exists, whose every value-holding field has a key used once,
 * whose patterns compile and whose formulas parse. The form compiler reports the same faults as warnings in the
 * browser and renders around them; the server refuses them, naming the field, because a released design becomes
 * tables and permission entries that a bad key would break. The walk is the shared one (walkFields), so the
 * server and the runtime agree on what a container and a sub-table column are.
 *
 * Widgets are the built-in jnpfKeys: the server cannot load the registry, so an integrator's widget is unknown here
 * until its key is listed in shared/form/storedValues.ts (decision 63).
 */
export interface DefinitionProblem {
  /** Where in the definition: fields[2].__config__.children[0]. */
  path: string;
  key: MessageKey;
  params: MessageParams;
}

/** Keys become column names of the design's tables: an identifier PostgreSQL accepts without quoting tricks. */
const FIELD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

const knownWidget = (jnpfKey: string | undefined) => jnpfKey !== undefined && (Object.hasOwn(BUILT_IN_STORED_VALUES, jnpfKey) || LAYOUT_KEYS.has(jnpfKey));
const storesValue = (jnpfKey: string | undefined, field: FieldDefinition) => jnpfKey !== undefined && Object.hasOwn(BUILT_IN_STORED_VALUES, jnpfKey) && Boolean(storedValueOfField(jnpfKey, field)?.storesValue);

/** A field's name in messages: its label and key as the designer shows them. */
function nameOf(node: FieldNode): string {
  const label = typeof node.config.label === 'string' && node.config.label.trim() ? node.config.label.trim() : '';
  const key = typeof node.field.__vModel__ === 'string' ? node.field.__vModel__ : '';
  const full = node.table ? `${node.table}.${key}` : key;
  if (label && full) return `${label}（${full}）`;
  return label || full || node.path;
}

function formulaParses(expression: unknown): boolean {
  if (!isCalculateExpression(expression)) return false;
  try {
    const formula = toFormula(expression);
    // An empty formula computes 0: the designer saves it while the field is being set up.
    if (formula.trim()) parseFormula(formula);
    return true;
  } catch {
    return false;
  }
}

/** Every problem of a form definition, in definition order. */
export function formProblems(definition: FormDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const report = (node: FieldNode, key: MessageKey, params: MessageParams = {}) => problems.push({ path: node.path, key, params: { field: nameOf(node), ...params } });
  const topKeys = new Set<string>();
  const walk = (fields: unknown, path: string, table: string | undefined, columnKeys: Set<string>) =>
    walkFields<never>(
      fields,
      (node, walkChildren) => {
        const { jnpfKey, role, field, config } = node;
        if (role === 'layout') {
          // Panes of tabs, collapses and table grids carry no jnpfKey in older definitions.
          if (config.jnpfKey !== undefined && !knownWidget(jnpfKey)) report(node, 'visualdev.fieldUnknownWidget', { jnpfKey: String(config.jnpfKey) });
          walkChildren();
          return undefined;
        }
        if (!knownWidget(jnpfKey)) {
          report(node, 'visualdev.fieldUnknownWidget', { jnpfKey: String(config.jnpfKey ?? '') });
          return undefined;
        }
        const keys = table === undefined ? topKeys : columnKeys;
        if (role === 'subTable' || storesValue(jnpfKey, field)) {
          const key = field.__vModel__;
          if (typeof key !== 'string' || key === '') report(node, 'visualdev.fieldModelMissing');
          else if (!FIELD_KEY.test(key)) report(node, 'visualdev.fieldModelInvalid', { field: key });
          else if (keys.has(key.toLowerCase())) report(node, 'visualdev.fieldModelDuplicate', { field: table ? `${table}.${key}` : key });
          else keys.add(key.toLowerCase());
        }
        const regList: unknown = config.regList;
        if (Array.isArray(regList)) {
          for (const rule of regList as RegRule[]) {
            if (rule && typeof rule.pattern === 'string' && rule.pattern !== '' && !compilePattern(rule.pattern)) report(node, 'visualdev.fieldPatternInvalid', { pattern: rule.pattern });
          }
        }
        if (jnpfKey === 'calculate' && !formulaParses(field.expression ?? [])) report(node, 'visualdev.fieldFormulaInvalid');
        if (role === 'subTable') {
          // walkFields treats a sub-table's children as columns; a sub-table among them is a design error.
          walk(config.children, `${node.path}.__config__.children`, String(field.__vModel__ ?? ''), new Set());
          if (Array.isArray(config.children)) {
            for (const [index, column] of (config.children as { __config__?: { jnpfKey?: string }; __vModel__?: string }[]).entries()) {
              if (column?.__config__?.jnpfKey === 'table') problems.push({ path: `${node.path}.__config__.children[${index}]`, key: 'visualdev.fieldNestedTable', params: { field: String(column.__vModel__ ?? '') } });
            }
          }
        }
        return undefined;
      },
      path,
      table,
    );
  walk(definition.fields, 'fields', undefined, new Set());
  return problems;
}

/** Reads a JSON column as sent: an object, the JSON text of one, or nothing. */
export function readJson(value: unknown, malformed: MessageKey): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw AppError.badRequest(malformed);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** formData: null (not designed yet) or a definition without problems. Throws the first problem, all in data. */
export function checkFormData(value: unknown): FormDefinition | null {
  const definition = readJson(value, 'visualdev.formDataMalformed');
  if (definition === null) return null;
  if (!isObject(definition) || !Array.isArray(definition.fields)) throw AppError.badRequest('visualdev.formDataMalformed');
  const problems = formProblems(definition as FormDefinition);
  if (problems.length) {
    const [first] = problems;
    throw AppError.badRequest(first.key, first.params, { problems: problems.map((p) => ({ path: p.path, field: p.params.field, message: p.key })) });
  }
  return definition as FormDefinition;
}

/** columnData / appColumnData: null or an object whose columnList, where present, is an array. */
export function checkColumnData(value: unknown, malformed: 'visualdev.columnDataMalformed' | 'visualdev.appColumnDataMalformed'): Record<string, unknown> | null {
  const data = readJson(value, malformed);
  if (data === null) return null;
  if (!isObject(data)) throw AppError.badRequest(malformed);
  for (const list of ['columnList', 'searchList', 'btnsList', 'columnBtnsList']) {
    if (data[list] !== undefined && data[list] !== null && !Array.isArray(data[list])) throw AppError.badRequest(malformed);
  }
  return data;
}

const TABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** tables: an array of {table, typeId '1' main / '0' child, ...}, one main table at most, names that are identifiers. */
export function checkTables(value: unknown): unknown[] {
  const tables = readJson(value, 'visualdev.tablesMalformed');
  if (tables === null) return [];
  if (!Array.isArray(tables)) throw AppError.badRequest('visualdev.tablesMalformed');
  const names = new Set<string>();
  let mains = 0;
  for (const table of tables) {
    if (!isObject(table) || typeof table.table !== 'string' || !TABLE_NAME.test(table.table)) throw AppError.badRequest('visualdev.tablesMalformed');
    if (names.has(table.table.toLowerCase())) throw AppError.badRequest('visualdev.tablesMalformed');
    names.add(table.table.toLowerCase());
    if (String(table.typeId) === '1') mains += 1;
  }
  if (tables.length > 0 && mains !== 1) throw AppError.badRequest('visualdev.tablesMalformed');
  return tables;
}
