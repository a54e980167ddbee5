import { NumRangeField } from '../components/inputs.js';
import { FIELD_FLAGS, bool, labels, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A minimum and a maximum, [] when both are empty (spec 001 §3). */
export const numRange: WidgetDefinition = {
  label: labels('数字范围', '數字範圍', 'Number range'),
  kind: 'field',
  component: NumRangeField,
  defaultProps: {},
  propsSchema: propsSchema({ disabled: bool, precision: { type: ['integer', 'null'], minimum: 0, maximum: 15 } }),
  value: { empty: [], shape: 'array' },
  flags: FIELD_FLAGS,
  propsFromDefinition: (field) => pick(field, { precision: 'precision' }),
};
