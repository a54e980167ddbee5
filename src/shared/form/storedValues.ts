import type { FormDefinition } from './definition.js';
import { flattenFields } from './walkFields.js';

/**
 * What each built-in jnpfKey stores, for code that must not load the widgets (the server, shared rules): whether
 * it stores a value, and the value's shape. The registry states the same facts beside each widget's component;
 * tests/kernel/unit/compileForm.test.ts checks that both agree on every built-in widget.
 */
export type ValueShape = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'any' | 'none';

export interface StoredValue {
  storesValue: boolean;
  shape: ValueShape;
}

const value = (shape: ValueShape): StoredValue => ({ storesValue: true, shape });
const NOTHING: StoredValue = { storesValue: false, shape: 'none' };

export const BUILT_IN_STORED_VALUES: Readonly<Record<string, StoredValue>> = {
  comInput: value('string'), textarea: value('string'), colorPicker: value('string'), editor: value('string'), time: value('string'),
  numInput: value('number'), calculate: value('number'), rate: value('number'),
  cascader: value('array'), checkbox: value('array'), dateRange: value('array'), timeRange: value('array'), numRange: value('array'),
  uploadFz: value('array'), uploadImg: value('array'), table: value('array'), address: value('array'),
  select: value('any'), radio: value('any'), date: value('any'), treeSelect: value('any'), slider: value('any'), switch: value('any'),
  billRuleSelect: value('any'), comSelect: value('any'), depSelect: value('any'), dicSelect: value('any'), groupSelect: value('any'),
  popupSelect: value('any'), popupTableSelect: value('any'), posSelect: value('any'), relationForm: value('any'), roleSelect: value('any'),
  userSelect: value('any'), usersSelect: value('any'),
  // System fields: filled by the server on save.
  billRule: value('string'), createUser: value('string'), createTime: value('string'), modifyUser: value('string'), modifyTime: value('string'),
  currOrganize: value('string'), currDept: value('string'), currPosition: value('string'),
  // Display and layout widgets, and the attribute pickers that show another field's record.
  JNPFText: NOTHING, alert: NOTHING, barcode: NOTHING, billRuleExample: NOTHING, button: NOTHING, divider: NOTHING, groupTitle: NOTHING,
  link: NOTHING, qrcode: NOTHING, popupAttr: NOTHING, relationFormAttr: NOTHING,
  row: NOTHING, card: NOTHING, tab: NOTHING, collapse: NOTHING, tableGrid: NOTHING,
};

/**
 * The attribute widgets (relationFormAttr, popupAttr) show a field of another field's record. With isStorage 2
 * (spec 001 §3: "shown and saved") the shown value is also saved, as text the server reads from that record when
 * the form is saved; otherwise they store nothing.
 */
export const ATTRIBUTE_WIDGETS: ReadonlySet<string> = new Set(['relationFormAttr', 'popupAttr']);

export function isStoredAttribute(jnpfKey: string | undefined, field: object): boolean {
  return jnpfKey !== undefined && ATTRIBUTE_WIDGETS.has(jnpfKey) && Number((field as { isStorage?: unknown }).isStorage) === 2;
}

/** What a field stores, its own settings considered (a saved attribute stores text). */
export function storedValueOfField(jnpfKey: string | undefined, field: object): StoredValue | undefined {
  if (jnpfKey === undefined) return undefined;
  return isStoredAttribute(jnpfKey, field) ? value('string') : BUILT_IN_STORED_VALUES[jnpfKey];
}

/** The keys of a definition's saved attributes (main form only): the server fills them, whatever a client sent. */
export function storedAttributeKeys(definition: FormDefinition): string[] {
  return flattenFields(definition.fields)
    .filter((node) => node.role === 'field' && !node.table && isStoredAttribute(node.jnpfKey, node.field) && typeof node.field.__vModel__ === 'string' && node.field.__vModel__ !== '')
    .map((node) => node.field.__vModel__ as string);
}
