import { formCalculations } from '../../../shared/form/calculatedFields.js';
import type { FieldDefinition, FormDefinition } from '../../../shared/form/definition.js';
import { recalculate } from '../../../shared/form/recalculate.js';
import { validateSubmission, type SubmissionProblem } from '../../../shared/form/validateSubmission.js';
import { columnNodes, eachFieldValue, flattenFields } from '../../../shared/form/walkFields.js';
import { SYSTEM_WIDGETS } from '../../../shared/form/jnpfKeys.js';
import type { Language } from '../../../shared/language.js';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import { refusedFormFields } from '../../../kernel/server/plugins/fieldPermissions.js';
import { storedAttributeKeys } from '../../../shared/form/storedValues.js';

/**
 * What the server makes of a submitted form before anything is stored (spec 001 §7, issue 13: the server never
 * trusts the client): the calculated fields recomputed, a submitted result that differs from the formula's
 * refused, then every rule of the definition checked by validateSubmission (required, regList, types, options,
 * lengths, unknown fields), and text kept within what a column of its kind may hold. The first problem is the
 * message; all problems travel in the answer's data.
 */

/** Keys of a record answer that are not form fields. */
export const RECORD_KEYS = ['id', 'creatorUserId', 'creatorTime', 'lastModifyUserId', 'lastModifyTime'];

/** Longest text a field takes when its definition sets no maxlength: one line, a paragraph, rich text. */
const TEXT_LIMITS: Record<string, number> = { comInput: 500, textarea: 5000, editor: 200_000 };
const DEFAULT_TEXT_LIMIT = 2000;
/** Rows of one sub-table in one record: ten times the 1,000 the benchmarks fill; more is no form's, and it bounds the work a submission can ask for. */
export const MAX_SUB_TABLE_ROWS = 10_000;

export interface SubmissionContext {
  language: Language;
  /** Form fields the caller was not granted (field, table-column). */
  hiddenFields?: ReadonlySet<string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** The body's form values: JNPF sends them as a JSON string in `data`; an object is taken as it is. */
export function submittedValues(body: unknown): Record<string, unknown> {
  const data = isRecord(body) ? body.data : undefined;
  let values: unknown = data;
  if (typeof data === 'string') {
    try {
      values = JSON.parse(data);
    } catch {
      throw AppError.badRequest('error.invalidJson');
    }
  }
  if (!isRecord(values)) throw AppError.badRequest('onlineData.dataRequired');
  return values;
}

function labelsOf(definition: FormDefinition): Map<string, string> {
  const labels = new Map<string, string>();
  for (const node of flattenFields(definition.fields)) {
    const key = node.field.__vModel__;
    if (!key) continue;
    labels.set(key, String(node.config.label ?? key));
    if (node.role === 'subTable') for (const column of columnNodes(node)) if (column.field.__vModel__) labels.set(`${key}.${column.field.__vModel__}`, String(column.config.label ?? column.field.__vModel__));
  }
  return labels;
}

/** How a refusal names a field: its label, and for a sub-table cell the table's label, the row and the column's. */
export function fieldDescriber(definition: FormDefinition): (path: string) => string {
  const labels = labelsOf(definition);
  return (path) => {
    const [table, row, column] = path.split('.');
    if (column === undefined) return labels.get(table) ?? table;
    return `${labels.get(table) ?? table}[${Number(row) + 1}] ${labels.get(`${table}.${column}`) ?? column}`;
  };
}

function sameNumber(submitted: unknown, computed: unknown): boolean {
  if (submitted === undefined || submitted === null || submitted === '') return true;
  const a = Number(submitted);
  const b = Number(computed);
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b || String(submitted) === String(computed);
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
}

/** Calculated results the client sent that are not what the formula gives. */
function calculationProblems(definition: FormDefinition, submitted: Record<string, unknown>, computed: Record<string, unknown>): SubmissionProblem[] {
  const problems: SubmissionProblem[] = [];
  for (const calc of formCalculations(definition)) {
    if (!calc.table) {
      if (!sameNumber(submitted[calc.key], computed[calc.key])) problems.push({ field: calc.key, rule: 'range', message: '' });
      continue;
    }
    const rows = submitted[calc.table];
    const recomputed = computed[calc.table];
    if (!Array.isArray(rows) || !Array.isArray(recomputed)) continue;
    rows.forEach((row, index) => {
      if (isRecord(row) && isRecord(recomputed[index]) && !sameNumber(row[calc.key], (recomputed[index] as Record<string, unknown>)[calc.key])) {
        problems.push({ field: `${calc.table}.${index}.${calc.key}`, rule: 'range', message: '' });
      }
    });
  }
  return problems;
}

function textLimit(jnpfKey: string | undefined, field: FieldDefinition): number {
  const own = Number(field.maxlength ?? field.maxLength);
  if (Number.isFinite(own) && own > 0) return own;
  return (jnpfKey && TEXT_LIMITS[jnpfKey]) || DEFAULT_TEXT_LIMIT;
}

function lengthProblems(definition: FormDefinition, values: Record<string, unknown>): { field: string; limit: number }[] {
  const problems: { field: string; limit: number }[] = [];
  const check = (path: string, jnpfKey: string | undefined, field: FieldDefinition, value: unknown) => {
    if (typeof value !== 'string') {
      // Lists (uploads, pickers) are bounded as a whole: a JSON value larger than rich text is no form's.
      if (value !== null && typeof value === 'object' && JSON.stringify(value).length > TEXT_LIMITS.editor) problems.push({ field: path, limit: TEXT_LIMITS.editor });
      return;
    }
    const limit = textLimit(jnpfKey, field);
    if ([...value].length > limit) problems.push({ field: path, limit });
  };
  eachFieldValue(definition.fields, values, (path, node, value) => check(path, node.jnpfKey, node.field, value));
  return problems;
}

/**
 * The values to store, or a refusal. System widgets (bill numbers, creator, times, organisation) are the
 * server's to fill and are left out of the checks; the caller's values for them are ignored.
 */
export function checkSubmission(definition: FormDefinition, submitted: Record<string, unknown>, context: SubmissionContext): Record<string, unknown> {
  const data: Record<string, unknown> = { ...submitted };
  // What the server answers beside the fields (a record read back and sent again): not the client's to set.
  for (const key of RECORD_KEYS) delete data[key];
  // System widgets and saved attributes are the server's to fill (attributes.ts): what the client sent is dropped.
  const systemKeys = [...flattenFields(definition.fields).filter((n) => n.jnpfKey && SYSTEM_WIDGETS.has(n.jnpfKey)).map((n) => n.field.__vModel__!), ...storedAttributeKeys(definition)];
  for (const key of systemKeys) delete data[key];
  // Sub-table rows read back carry their row id; the rows are rewritten on every save, so the id is dropped, not refused.
  for (const node of flattenFields(definition.fields)) {
    const key = node.role === 'subTable' ? node.field.__vModel__ : undefined;
    if (!key || !Array.isArray(data[key])) continue;
    if ((data[key] as unknown[]).length > MAX_SUB_TABLE_ROWS) {
      throw AppError.badRequest('onlineData.tooManyRows', { field: String(node.config.label ?? key), limit: MAX_SUB_TABLE_ROWS });
    }
    data[key] = (data[key] as unknown[]).map((row) => {
      if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
      const { id: _id, ...values } = row as Record<string, unknown>;
      return values;
    });
  }
  if (context.hiddenFields?.size) {
    const refused = refusedFormFields(data, new Set(context.hiddenFields));
    if (refused.length) throw new AppError(ResultCode.forbidden, 'onlineData.fieldsNotGranted', { fields: refused.join(', ') });
  }
  const describe = fieldDescriber(definition);
  const computed = recalculate(definition, data);
  const wrong = calculationProblems(definition, data, computed);
  if (wrong.length) throw AppError.badRequest('onlineData.calculationMismatch', { field: describe(wrong[0].field) }, { problems: wrong });
  const hiddenFields = [...(context.hiddenFields ?? [])];
  const problems = validateSubmission(definition, computed, { language: context.language, hiddenFields }).filter((p) => !systemKeys.includes(p.field) && p.field !== 'id');
  if (problems.length) {
    const first = problems[0];
    throw AppError.badRequest('onlineData.fieldInvalid', { field: describe(first.field), reason: first.message }, { problems: problems.map((p) => ({ ...p, label: describe(p.field) })) });
  }
  const tooLong = lengthProblems(definition, computed);
  if (tooLong.length) throw AppError.badRequest('onlineData.fieldTooLong', { field: describe(tooLong[0].field), limit: tooLong[0].limit }, { problems: tooLong });
  return computed;
}
