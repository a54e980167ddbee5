import { CalculateWidget } from '../components/display.js';
import { FIELD_FLAGS, bool, labels, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** The read-only result of a formula, computed by the runtime through the shared evaluator. */
export const calculate: WidgetDefinition = {
  label: labels('计算公式', '計算公式', 'Formula'),
  kind: 'field',
  component: CalculateWidget,
  defaultProps: { expression: [], precision: 2 },
  propsSchema: propsSchema({ expression: { type: ['array', 'string'] }, precision: { type: 'integer', minimum: 0, maximum: 15 }, thousands: bool, amountChinese: bool }),
  value: { empty: 0, shape: 'number' },
  flags: { ...FIELD_FLAGS, searchable: false },
  propsFromDefinition: (field) => pick(field, { expression: 'expression', precision: 'precision', thousands: 'thousands', isAmountChinese: 'amountChinese' }),
};
