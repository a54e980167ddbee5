import { RateField } from '../components/inputs.js';
import { FIELD_FLAGS, bool, int, labels, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A star rating. */
export const rate: WidgetDefinition = {
  label: labels('评分', '評分', 'Rating'),
  kind: 'field',
  component: RateField,
  defaultProps: { max: 5 },
  propsSchema: propsSchema({ disabled: bool, max: { ...int, minimum: 1, maximum: 20 }, allowHalf: bool }),
  value: { empty: 0, shape: 'number' },
  flags: { ...FIELD_FLAGS, searchable: false },
  propsFromDefinition: (field) => pick(field, { max: 'max', count: 'max', 'allow-half': 'allowHalf', allowHalf: 'allowHalf' }),
};
