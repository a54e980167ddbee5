import { SliderField } from '../components/inputs.js';
import { FIELD_FLAGS, bool, labels, num, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A number (or a range) on a slider. */
export const slider: WidgetDefinition = {
  label: labels('滑块', '滑塊', 'Slider'),
  kind: 'field',
  component: SliderField,
  defaultProps: { min: 0, max: 100, step: 1 },
  propsSchema: propsSchema({ disabled: bool, min: num, max: num, step: num, range: bool }),
  value: { empty: 0, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  propsFromDefinition: (field) => pick(field, { min: 'min', max: 'max', step: 'step', range: 'range' }),
};
