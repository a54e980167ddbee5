import { SwitchField } from '../components/inputs.js';
import { FIELD_FLAGS, bool, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** On/off, stored as activeValue/inactiveValue (1 and 0 by default). */
export const switchWidget: WidgetDefinition = {
  label: labels('开关', '開關', 'Switch'),
  kind: 'field',
  component: SwitchField,
  defaultProps: { activeValue: 1, inactiveValue: 0 },
  propsSchema: propsSchema({ disabled: bool, activeValue: {}, inactiveValue: {}, activeText: str, inactiveText: str }),
  value: { empty: 0, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  propsFromDefinition: (field) => pick(field, { 'active-value': 'activeValue', 'inactive-value': 'inactiveValue', 'active-text': 'activeText', 'inactive-text': 'inactiveText', activeValue: 'activeValue', inactiveValue: 'inactiveValue', activeTxt: 'activeText', inactiveTxt: 'inactiveText' }),
};
