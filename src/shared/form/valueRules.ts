import type { FieldDefinition } from './definition.js';
import type { SubmissionMessageKey } from './submissionMessages.js';
import type { ValueShape } from './storedValues.js';
import { isOptionPath, optionValues, staticOptions } from './fieldOptions.js';

/**
 * What a stored value must look like, per jnpfKey, as far as the definition says: the type the widget stores,
 * lengths, ranges, precision and, for static options, membership. A rule sees only non-empty values
 * (emptiness is the required rule's business) and answers the first thing wrong, or nothing.
 */
export interface ValueFault {
  key: SubmissionMessageKey;
  params?: Record<string, string | number>;
}

type ValueRule = (value: unknown, field: FieldDefinition) => ValueFault | undefined;

const SHAPE: ValueFault = { key: 'shape' };
const OPTION: ValueFault = { key: 'option' };

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isScalar = (value: unknown) => typeof value === 'string' || isNumber(value) || typeof value === 'boolean';
const numberProp = (field: FieldDefinition, ...names: string[]) => {
  for (const name of names) if (isNumber(field[name])) return field[name] as number;
  return undefined;
};

function decimals(value: number): number {
  const [mantissa, exponent] = String(value).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

function range(value: number, min: number | undefined, max: number | undefined): ValueFault | undefined {
  if (min !== undefined && value < min) return { key: 'belowMin', params: { min } };
  if (max !== undefined && value > max) return { key: 'aboveMax', params: { max } };
  return undefined;
}

function precision(value: number, digits: number | undefined): ValueFault | undefined {
  return digits !== undefined && decimals(value) > digits ? { key: 'precision', params: { precision: digits } } : undefined;
}

const text: ValueRule = (value, field) => {
  if (typeof value !== 'string') return SHAPE;
  const max = numberProp(field, 'maxlength', 'maxLength');
  return max !== undefined && max > 0 && [...value].length > max ? { key: 'maxLength', params: { max } } : undefined;
};

const number: ValueRule = (value, field) => {
  if (!isNumber(value)) return SHAPE;
  return range(value, numberProp(field, 'min'), numberProp(field, 'max')) ?? precision(value, numberProp(field, 'precision'));
};

/** Choices: one value or, where the field allows several, a list; each among the static options if any. */
function choice(multiple: (field: FieldDefinition) => boolean): ValueRule {
  return (value, field) => {
    const values = multiple(field) ? value : [value];
    if (!Array.isArray(values) || !values.every(isScalar)) return SHAPE;
    const source = staticOptions(field);
    if (!source) return undefined;
    const allowed = optionValues(source);
    return values.every((item) => allowed.has(item)) ? undefined : OPTION;
  };
}

const multipleProp = (field: FieldDefinition) => Boolean(field.multiple ?? field.props?.props?.multiple);

const cascader: ValueRule = (value, field) => {
  const paths = multipleProp(field) ? value : [value];
  if (!Array.isArray(paths) || !paths.every((path) => Array.isArray(path) && path.every(isScalar))) return SHAPE;
  const source = staticOptions(field);
  return !source || paths.every((path) => isOptionPath(source, path as unknown[])) ? undefined : OPTION;
};

const pair = (item: (value: unknown) => boolean): ValueRule => (value) => (Array.isArray(value) && value.length === 2 && value.every(item) ? undefined : SHAPE);
const dateValue = (value: unknown) => isNumber(value) || typeof value === 'string';
const files: ValueRule = (value) => (Array.isArray(value) && value.every((item) => item && typeof item === 'object' && !Array.isArray(item)) ? undefined : SHAPE);
const list: ValueRule = (value) => (Array.isArray(value) ? undefined : SHAPE);
/** Pickers of records: an id, or a list of ids where they allow several. */
const picked: ValueRule = (value) => (isScalar(value) || (Array.isArray(value) && value.every(isScalar)) ? undefined : SHAPE);
/** The organisation picker stores an id path (ids from the top down), or a list of paths in multiple mode. */
const organisationPicked: ValueRule = (value, field) =>
  picked(value, field) === undefined || (Array.isArray(value) && value.every((path) => Array.isArray(path) && path.every(isScalar))) ? undefined : SHAPE;
/** The multi-tab selection stores "id--type" entries: one string in single mode, a list in multiple mode. */
const entriesPicked: ValueRule = (value) => (typeof value === 'string' || (Array.isArray(value) && value.every(isScalar)) ? undefined : SHAPE);
/** System fields: the server writes them on save; what comes back from a stored record may be a time stamp. */
const systemValue: ValueRule = (value) => (typeof value === 'string' || isNumber(value) ? undefined : SHAPE);

const rate: ValueRule = (value, field) => {
  if (!isNumber(value)) return SHAPE;
  const halves = Boolean(field['allow-half'] ?? field.allowHalf);
  return range(value, 0, numberProp(field, 'max', 'count') ?? 5) ?? (Number.isInteger(halves ? value * 2 : value) ? undefined : { key: 'step', params: { step: halves ? 0.5 : 1 } });
};

const slider: ValueRule = (value, field) => {
  const values = field.range ? value : [value];
  if (!Array.isArray(values) || (field.range && values.length !== 2) || !values.every(isNumber)) return SHAPE;
  const min = numberProp(field, 'min') ?? 0;
  const max = numberProp(field, 'max') ?? 100;
  for (const item of values as number[]) {
    const fault = range(item, min, max);
    if (fault) return fault;
  }
  return undefined;
};

const switchValue: ValueRule = (value, field) => {
  const on = field['active-value'] ?? field.activeValue ?? 1;
  const off = field['inactive-value'] ?? field.inactiveValue ?? 0;
  return value === on || value === off ? undefined : OPTION;
};

const numRange: ValueRule = (value, field) => {
  if (!Array.isArray(value) || value.length > 2 || !value.every((item) => item === null || isNumber(item))) return SHAPE;
  for (const item of value) {
    const fault = item === null ? undefined : precision(item as number, numberProp(field, 'precision'));
    if (fault) return fault;
  }
  return undefined;
};

const RULES: Record<string, ValueRule> = {
  comInput: text, textarea: text, editor: text, colorPicker: text, time: text,
  numInput: number,
  calculate: (value) => (isNumber(value) ? undefined : SHAPE),
  rate, slider, switch: switchValue, numRange,
  select: choice(multipleProp), radio: choice(() => false), checkbox: choice(() => true), treeSelect: choice(multipleProp),
  cascader,
  date: (value) => (dateValue(value) ? undefined : SHAPE),
  dateRange: pair(dateValue),
  timeRange: pair((item) => typeof item === 'string'),
  uploadFz: files, uploadImg: files,
  address: list, usersSelect: entriesPicked,
  billRuleSelect: picked, comSelect: organisationPicked, depSelect: picked, dicSelect: picked, groupSelect: picked, popupSelect: picked,
  popupTableSelect: picked, posSelect: picked, relationForm: picked, roleSelect: picked, userSelect: picked,
  billRule: systemValue, createUser: systemValue, createTime: systemValue, modifyUser: systemValue, modifyTime: systemValue,
  currOrganize: systemValue, currDept: systemValue, currPosition: systemValue,
};

const SHAPE_RULES: Record<ValueShape, ValueRule> = {
  string: (value) => (typeof value === 'string' ? undefined : SHAPE),
  number: (value) => (isNumber(value) ? undefined : SHAPE),
  boolean: (value) => (typeof value === 'boolean' ? undefined : SHAPE),
  array: list,
  object: (value) => (value && typeof value === 'object' && !Array.isArray(value) ? undefined : SHAPE),
  any: () => undefined,
  none: () => undefined,
};

/** The first fault of a non-empty value; keys without a rule of their own are held to their value's shape. */
export function valueFault(jnpfKey: string, shape: ValueShape, value: unknown, field: FieldDefinition): ValueFault | undefined {
  const rule = RULES[jnpfKey] ?? SHAPE_RULES[shape];
  return rule(value, field);
}
