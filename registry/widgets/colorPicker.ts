import { ColorField } from '../components/inputs.js';
import { FIELD_FLAGS, bool, labels, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A colour, stored as hex (or rgba when alpha is shown). */
export const colorPicker: WidgetDefinition = {
  label: labels('颜色选择', '顏色選擇', 'Colour'),
  kind: 'field',
  component: ColorField,
  defaultProps: {},
  propsSchema: propsSchema({ disabled: bool, showAlpha: bool }),
  value: { empty: null, shape: 'string' },
  flags: { ...FIELD_FLAGS, searchable: false },
  propsFromDefinition: (field) => pick(field, { 'show-alpha': 'showAlpha', showAlpha: 'showAlpha' }),
};
