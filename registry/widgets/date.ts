import { DateField } from '../components/dateTime.js';
import { COMMON_PROPS, FIELD_FLAGS, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A date or date-time, stored as a millisecond timestamp unless valueFormat says otherwise (V5: datePicker). */
export const date: WidgetDefinition = {
  label: labels('日期选择', '日期選擇', 'Date'),
  kind: 'field',
  component: DateField,
  defaultProps: { type: 'date', placeholder: '请选择' },
  propsSchema: propsSchema({ ...COMMON_PROPS, type: { enum: ['date', 'datetime', 'month', 'year', 'week'] }, format: str, valueFormat: str }),
  value: { empty: null, shape: 'any' },
  flags: FIELD_FLAGS,
  propsFromDefinition: (field) => pick(field, { placeholder: 'placeholder', type: 'type', format: 'format', 'value-format': 'valueFormat', valueFormat: 'valueFormat', clearable: 'clearable' }),
};
