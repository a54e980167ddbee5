import { TimeRangeField } from '../components/dateTime.js';
import { FIELD_FLAGS, bool, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A start and end time, stored as a two-item array of texts. */
export const timeRange: WidgetDefinition = {
  label: labels('时间范围', '時間範圍', 'Time range'),
  kind: 'field',
  component: TimeRangeField,
  defaultProps: { format: 'HH:mm:ss' },
  propsSchema: propsSchema({ disabled: bool, format: str, startPlaceholder: str, endPlaceholder: str }),
  value: { empty: [], shape: 'array' },
  flags: { ...FIELD_FLAGS, allowedInSubTable: false },
  propsFromDefinition: (field) => pick(field, { format: 'format', 'start-placeholder': 'startPlaceholder', 'end-placeholder': 'endPlaceholder', startPlaceholder: 'startPlaceholder', endPlaceholder: 'endPlaceholder' }),
};
