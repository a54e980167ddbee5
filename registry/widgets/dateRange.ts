import { DateRangeField } from '../components/dateTime.js';
import { FIELD_FLAGS, bool, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A start and end date, stored as a two-item array. */
export const dateRange: WidgetDefinition = {
  label: labels('日期范围', '日期範圍', 'Date range'),
  kind: 'field',
  component: DateRangeField,
  defaultProps: { type: 'daterange' },
  propsSchema: propsSchema({ disabled: bool, type: { enum: ['daterange', 'datetimerange'] }, format: str, valueFormat: str, startPlaceholder: str, endPlaceholder: str }),
  value: { empty: [], shape: 'array' },
  flags: { ...FIELD_FLAGS, allowedInSubTable: false },
  propsFromDefinition: (field) => pick(field, { type: 'type', format: 'format', 'value-format': 'valueFormat', valueFormat: 'valueFormat', 'start-placeholder': 'startPlaceholder', 'end-placeholder': 'endPlaceholder', startPlaceholder: 'startPlaceholder', endPlaceholder: 'endPlaceholder' }),
};
