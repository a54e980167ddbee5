import type { FormDefinition } from '../../../../shared/form/definition.js';
import { optionSource, staticOptions } from '../../../../shared/form/fieldOptions.js';
import { flattenFields } from '../../../../shared/form/walkFields.js';

/**
 * The advanced query (超级查询) a person builds on an online-development list, and the superQueryJson the List
 * call sends for it (JNPF 5's shape: { matchLogic, conditionList: [{ logic, groups: [{ field, symbol,
 * fieldValue }] }] }, docs/api.md). Pure: the dialog renders it, the tests check it.
 */
export type SuperSymbol = '==' | '<>' | '>' | '>=' | '<' | '<=' | 'like' | 'notLike' | 'in' | 'notIn' | 'null' | 'notNull' | 'between';
export type ValueKind = 'text' | 'number' | 'date' | 'option';

export interface QueryField {
  field: string;
  label: string;
  jnpfKey: string;
  kind: ValueKind;
  /** Static options, as {label, value}, for option fields. */
  options: { label: string; value: string }[];
  symbols: SuperSymbol[];
}

export interface QueryCondition {
  field: string;
  symbol: SuperSymbol;
  /** One value; two for between; several for in and notIn. */
  value: unknown;
}

const NUMBER_KEYS = new Set(['numInput', 'calculate', 'rate', 'slider']);
const DATE_KEYS = new Set(['date', 'createTime', 'modifyTime']);
// Widgets that hold no value of their own in the record's columns.
const NO_VALUE = new Set(['divider', 'text', 'button', 'link', 'alert', 'barcode', 'qrcode', 'groupTitle', 'JNPFText', 'iframe']);

const SYMBOLS: Record<ValueKind, SuperSymbol[]> = {
  text: ['==', '<>', 'like', 'notLike', 'in', 'notIn', 'null', 'notNull'],
  number: ['==', '<>', '>', '>=', '<', '<=', 'between', 'null', 'notNull'],
  date: ['==', '>', '>=', '<', '<=', 'between', 'null', 'notNull'],
  option: ['==', '<>', 'in', 'notIn', 'null', 'notNull'],
};

/** The main-table fields of a form a person can query (sub-table columns and layout are not the list's fields). */
export function queryFields(formData: FormDefinition): QueryField[] {
  return flattenFields(formData.fields)
    .filter((node) => node.role === 'field' && node.field.__vModel__ && !NO_VALUE.has(node.jnpfKey ?? ''))
    .map((node) => {
      const jnpfKey = node.jnpfKey ?? 'comInput';
      const listed = staticOptions(node.field);
      const source = optionSource(node.field);
      const options = listed ? listed.options.map((o) => ({ label: String(o[source.labelKey] ?? o[source.valueKey]), value: String(o[source.valueKey]) })) : [];
      const kind: ValueKind = NUMBER_KEYS.has(jnpfKey) ? 'number' : DATE_KEYS.has(jnpfKey) ? 'date' : options.length ? 'option' : 'text';
      return { field: node.field.__vModel__!, label: String(node.config.label ?? node.field.__vModel__), jnpfKey, kind, options, symbols: SYMBOLS[kind] };
    });
}

const filled = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.every((v) => v === undefined || v === null || v === ''));

/** The superQueryJson of the conditions ('' when none asks anything): one group, joined by the chosen logic. */
export function superQueryJsonOf(matchLogic: 'and' | 'or', conditions: QueryCondition[]): string {
  const groups = conditions
    .filter((c) => c.field && c.symbol && (c.symbol === 'null' || c.symbol === 'notNull' || filled(c.value)))
    .map((c) => ({ field: c.field, symbol: c.symbol, ...(c.symbol === 'null' || c.symbol === 'notNull' ? {} : { fieldValue: c.value }) }));
  if (groups.length === 0) return '';
  return JSON.stringify({ matchLogic, conditionList: [{ logic: matchLogic, groups }] });
}
