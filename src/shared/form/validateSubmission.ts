import type { FieldDefinition, FormDefinition, RegRule } from './definition.js';
import type { Language } from '../language.js';
import { isEmptyValue, validateFieldValue, validityMessage } from '../validation/fieldValidation.js';
import { validateRows, type SubTableColumnRule } from './subTable.js';
import { BUILT_IN_STORED_VALUES, type StoredValue } from './storedValues.js';
import { columnNodes, flattenFields, shownOn, type FieldNode } from './walkFields.js';
import { valueFault } from './valueRules.js';
import { submissionMessage, type SubmissionMessageKey } from './submissionMessages.js';

/**
 * Checks a submitted form against its definition, as a server must before it stores anything: the rules the
 * form itself checks (required, regList patterns, sub-table cells; same messages), and what its widgets
 * make impossible to get wrong in the browser but a hand-made request can (types, lengths, ranges, options,
 * fields the form does not have). Never throws on a strange definition or value: everything is a problem.
 */
export type SubmissionRule = 'required' | 'pattern' | Exclude<SubmissionMessageKey, 'belowMin' | 'aboveMax' | 'step'> | 'range';

export interface SubmissionProblem {
  /** The __vModel__; sub-table cells as table.row.column, rows counted from 0. */
  field: string;
  rule: SubmissionRule;
  message: string;
}

export interface SubmissionOptions {
  language?: Language;
  /** The client the form was filled on: fields it does not show are not required. */
  platform?: 'pc' | 'app';
  /** Form permission (as compileForm's): hidden fields are not required; sub-table fields as table-field. */
  hiddenFields?: readonly string[];
  /** What integrators' widgets store; the built-in jnpfKeys are known without it. */
  storedValueOf?: (jnpfKey: string) => StoredValue | undefined;
}

const RULE_OF: Record<SubmissionMessageKey, SubmissionRule> = {
  maxLength: 'maxLength', belowMin: 'range', aboveMax: 'range', step: 'range', precision: 'precision', option: 'option',
  shape: 'shape', unknownField: 'unknownField', unknownWidget: 'unknownWidget',
};

const regListOf = (field: FieldDefinition): RegRule[] => (Array.isArray(field.__config__?.regList) ? field.__config__.regList : []);
const ownValue = (data: Record<string, unknown>, key: string) => (Object.prototype.hasOwnProperty.call(data, key) ? data[key] : undefined);
const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

export function validateSubmission(definition: FormDefinition, data: unknown, options: SubmissionOptions = {}): SubmissionProblem[] {
  const language = options.language ?? 'zh';
  const platform = options.platform ?? 'pc';
  const hidden = new Set(options.hiddenFields ?? []);
  const problems: SubmissionProblem[] = [];
  const report = (field: string, key: SubmissionMessageKey, params?: Record<string, string | number>) =>
    problems.push({ field, rule: RULE_OF[key], message: submissionMessage(key, language, params) });

  if (!isRecord(data)) {
    report('', 'shape');
    return problems;
  }
  const storedValueOf = (jnpfKey: string | undefined) => (jnpfKey ? (BUILT_IN_STORED_VALUES[jnpfKey] ?? options.storedValueOf?.(jnpfKey)) : undefined);
  /** The form checks a field only where it shows and can be edited; the server asks no more than the form did. */
  const formChecks = (node: FieldNode, permissionKey: string) =>
    shownOn(node.field, platform) && !node.config.noShow && !hidden.has(permissionKey) && !node.field.disabled && !node.field.readonly && node.jnpfKey !== 'calculate';

  const checkValue = (path: string, node: FieldNode, stored: StoredValue, value: unknown, checkedByForm: boolean) => {
    const fault = isEmptyValue(value) ? undefined : valueFault(node.jnpfKey!, stored.shape, value, node.field);
    // A value of the wrong type is reported as such, not as the pattern its text happens to break.
    if (fault?.key !== 'shape' && checkedByForm) {
      const validity = validateFieldValue(value, { required: Boolean(node.config.required), regList: regListOf(node.field) }, language);
      const message = !validity.valid && typeof node.config.requiredMessage === 'string' ? node.config.requiredMessage : validityMessage(validity, language);
      if (message) {
        problems.push({ field: path, rule: validity.valid ? 'pattern' : 'required', message });
        return;
      }
    }
    if (fault) report(path, fault.key, fault.params);
  };

  const checkRows = (table: FieldNode, key: string, value: unknown, checkedByForm: boolean) => {
    const columns = new Map<string, { node: FieldNode; stored: StoredValue }>();
    const formRules: SubTableColumnRule[] = [];
    for (const column of columnNodes(table)) {
      const columnKey = column.field.__vModel__;
      if (!columnKey) continue;
      const stored = storedValueOf(column.jnpfKey);
      if (!stored) {
        report(`${key}.${columnKey}`, 'unknownWidget');
        continue;
      }
      if (!stored.storesValue) continue;
      columns.set(columnKey, { node: column, stored });
      if (checkedByForm && formChecks(column, `${key}-${columnKey}`)) formRules.push({ key: columnKey, required: Boolean(column.config.required), regList: regListOf(column.field) });
    }
    if (isEmptyValue(value)) return;
    if (!Array.isArray(value)) {
      report(key, 'shape');
      return;
    }
    const rows: Record<string, unknown>[] = [];
    value.forEach((row: unknown, index) => {
      if (isRecord(row)) rows.push(row);
      else report(`${key}.${index}`, 'shape');
    });
    if (rows.length !== value.length) return;
    // The same rule the sub-table applies on submit: each failing cell, with the message its cell shows.
    const failing = new Set<string>();
    for (const cell of validateRows(rows, formRules).invalid) {
      const path = `${key}.${cell.row}.${cell.key}`;
      failing.add(path);
      problems.push({ field: path, rule: cell.validity.valid ? 'pattern' : 'required', message: validityMessage(cell.validity, language)! });
    }
    rows.forEach((row, index) => {
      for (const [cellKey, cellValue] of Object.entries(row)) {
        const path = `${key}.${index}.${cellKey}`;
        const column = columns.get(cellKey);
        if (!column) {
          if (!table.config.children?.some((child) => child?.__vModel__ === cellKey)) report(path, 'unknownField');
          continue;
        }
        if (!failing.has(path)) checkValue(path, column.node, column.stored, cellValue, false);
      }
    });
  };

  const known = new Set<string>();
  for (const node of flattenFields(definition?.fields)) {
    const key = node.field.__vModel__;
    const stored = storedValueOf(node.jnpfKey);
    if (!stored) {
      // An unknown widget's value cannot be checked, so it cannot be accepted either.
      report(key ?? node.path, 'unknownWidget');
      if (key) known.add(key);
      continue;
    }
    if (!stored.storesValue || !key) continue;
    known.add(key);
    const checkedByForm = formChecks(node, key);
    if (node.role === 'subTable') checkRows(node, key, ownValue(data, key), checkedByForm);
    else checkValue(key, node, stored, ownValue(data, key), checkedByForm);
  }
  for (const key of Object.keys(data)) if (!known.has(key)) report(key, 'unknownField');
  return problems;
}
