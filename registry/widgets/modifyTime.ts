import { SystemField } from '../components/display.js';
import { SYSTEM_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** System field (Modified at): filled by the server on save; shows 系统自动生成 until then. */
export const modifyTime: WidgetDefinition = {
  label: labels('修改时间', '修改時間', 'Modified at'),
  kind: 'field',
  component: SystemField,
  defaultProps: { placeholder: '系统自动生成' },
  propsSchema: propsSchema({ placeholder: str }),
  value: { empty: '', shape: 'string' },
  flags: SYSTEM_FLAGS,
  propsFromDefinition: (field) => ({ placeholder: (field.placeholder as string) || '系统自动生成' }),
};
