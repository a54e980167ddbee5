import type { FieldDefinition, OptionItem } from '../src/shared/form/definition.js';
import type { WidgetDefinition } from './types.js';

/** Helpers the widget modules share, so each module states only what is its own. */

export const FIELD_FLAGS: WidgetDefinition['flags'] = { storesValue: true, allowedInSubTable: true, listColumn: true, searchable: true };
export const DISPLAY_FLAGS: WidgetDefinition['flags'] = { storesValue: false, allowedInSubTable: false, listColumn: false, searchable: false };
export const LAYOUT_FLAGS = DISPLAY_FLAGS;
export const SYSTEM_FLAGS: WidgetDefinition['flags'] = { storesValue: true, allowedInSubTable: false, listColumn: true, searchable: false };

/** A JSON Schema for an object of props; unknown props are allowed (definitions carry many we ignore). */
export function propsSchema(properties: Record<string, unknown>): Record<string, unknown> {
  return { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties, additionalProperties: true };
}

export const str = { type: 'string' };
export const bool = { type: 'boolean' };
export const num = { type: 'number' };
export const int = { type: 'integer' };
export const nullableNum = { type: ['number', 'null'] };

export const COMMON_PROPS = { placeholder: str, disabled: bool, clearable: bool };

/** Copies definition props under new names: pick(field, { maxlength: 'maxLength' }). Absent ones stay absent. */
export function pick(field: FieldDefinition, names: Record<string, string>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(names)) {
    if (field[from] !== undefined && field[from] !== null) props[to] = field[from];
  }
  return props;
}

/** Where a choice widget finds its options, in V3 (__slot__.options, __config__.props) and V5 (options, props) forms. */
export function optionSource(field: FieldDefinition): Record<string, unknown> {
  const config = field.__config__ ?? {};
  const nested = field.props?.props;
  const flat = config.props ?? (field.props as { label?: string; value?: string } | undefined);
  const options = (field.__slot__?.options ?? field.options ?? []) as OptionItem[];
  return {
    dataType: config.dataType ?? 'static',
    options,
    dictionaryType: config.dictionaryType || undefined,
    propsUrl: config.propsUrl || undefined,
    labelKey: nested?.label ?? flat?.label ?? 'fullName',
    valueKey: nested?.value ?? flat?.value ?? 'id',
    childrenKey: nested?.children ?? 'children',
  };
}

export const OPTION_SOURCE_SCHEMA = {
  dataType: { enum: ['static', 'dictionary', 'dynamic'] },
  options: { type: 'array' },
  dictionaryType: str,
  propsUrl: str,
  labelKey: str,
  valueKey: str,
};

export const labels = (zh: string, zhtw: string, en: string) => ({ zh, zhtw, en });
