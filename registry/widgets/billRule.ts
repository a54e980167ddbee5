import { SystemField } from '../components/display.js';
import { SYSTEM_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** System field (Bill number): filled by the server on save; shows 系统自动生成 until then. */
export const billRule: WidgetDefinition = {
  label: labels('单据组件', '單據元件', 'Bill number'),
  kind: 'field',
  component: SystemField,
  defaultProps: { placeholder: '系统自动生成' },
  propsSchema: propsSchema({ placeholder: str, rule: str }),
  value: { empty: '', shape: 'string' },
  flags: SYSTEM_FLAGS,
  propsFromDefinition: (field) => ({ placeholder: (field.placeholder as string) || '系统自动生成', rule: String(field.__config__?.rule ?? '') }),
};
