import { NumberInput } from '../components/inputs.js';
import { numberCellText } from '../components/cellText.js';
import { COMMON_PROPS, FIELD_FLAGS, bool, int, labels, nullableNum, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Numbers, with precision, thousands separators and the amount in Chinese words (V5: inputNumber). */
export const numInput: WidgetDefinition = {
  label: labels('数字输入', '數字輸入', 'Number'),
  kind: 'field',
  component: NumberInput,
  defaultProps: { step: 1, controls: true },
  propsSchema: propsSchema({ ...COMMON_PROPS, min: nullableNum, max: nullableNum, step: nullableNum, precision: { type: ['integer', 'null'], minimum: 0, maximum: 15 }, thousands: bool, amountChinese: bool, controls: bool, maxLength: int }),
  value: { empty: null, shape: 'number' },
  flags: FIELD_FLAGS,
  cellText: numberCellText,
  propsFromDefinition: (field) => ({
    ...pick(field, { placeholder: 'placeholder', min: 'min', max: 'max', step: 'step', precision: 'precision', thousands: 'thousands', isAmountChinese: 'amountChinese', controls: 'controls' }),
    ...(field['controls-position'] === 'none' ? { controls: false } : {}),
  }),
};
