import type { FieldDefinition } from '../src/shared/form/definition.js';
import type { WidgetDefinition } from './types.js';
import { widgetText } from './widgetText.js';

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

/** Where a choice widget finds its options: one reading of the definition, shared with the server's checks. */
export { optionSource } from '../src/shared/form/fieldOptions.js';

export const OPTION_SOURCE_SCHEMA = {
  dataType: { enum: ['static', 'dictionary', 'dynamic'] },
  options: { type: 'array' },
  dictionaryType: str,
  propsUrl: str,
  labelKey: str,
  valueKey: str,
};

export const labels = (zh: string, zhtw: string, en: string) => ({ zh, zhtw, en });

/**
 * The system fields (creator, times, organisation, bill number) share one shape: filled by the server on save,
 * shown as 系统自动生成 until then. Each module states its label and nothing else.
 */
export function systemFieldWidget(label: WidgetDefinition['label'], component: WidgetDefinition['component'], extraProps: Record<string, unknown> = {}): WidgetDefinition {
  return {
    label,
    kind: 'field',
    component,
    defaultProps: { placeholder: '系统自动生成' },
    propsSchema: propsSchema({ placeholder: str, ...Object.fromEntries(Object.keys(extraProps).map((key) => [key, str])) }),
    value: { empty: '', shape: 'string' },
    flags: SYSTEM_FLAGS,
    propsFromDefinition: (field) => ({
      placeholder: (field.placeholder as string) || widgetText('systemGenerated'),
      ...Object.fromEntries(Object.entries(extraProps).map(([key, read]) => [key, (read as (f: FieldDefinition) => unknown)(field)])),
    }),
  };
}
