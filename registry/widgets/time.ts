import { TimeField } from '../components/dateTime.js';
import { COMMON_PROPS, FIELD_FLAGS, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A time of day, stored as text in its format (HH:mm:ss by default) (V5: timePicker). */
export const time: WidgetDefinition = {
  label: labels('时间选择', '時間選擇', 'Time'),
  kind: 'field',
  component: TimeField,
  defaultProps: { format: 'HH:mm:ss', placeholder: '请选择' },
  propsSchema: propsSchema({ ...COMMON_PROPS, format: str }),
  value: { empty: null, shape: 'string' },
  flags: FIELD_FLAGS,
  propsFromDefinition: (field) => pick(field, { placeholder: 'placeholder', format: 'format', clearable: 'clearable' }),
};
