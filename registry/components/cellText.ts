import { BigIntDecimal, getNumberPrecision, toFixed, validateNumber } from '@rc-component/mini-decimal';
import { withThousands } from '../../src/shared/format/thousands.js';
import type { CellText } from '../types.js';
import { numberValue } from './numberValue.js';

/**
 * What a sub-table cell shows while nobody is editing it (a widget's `cellText`, registry/types.ts). A thousand-row
 * table shows a dozen rows of twenty cells: as live inputs, every keystroke anywhere in the form re-paints and
 * re-layerizes their few hundred editors, so idle cells are text and the widget mounts in the cell being edited
 * (issue 15). The text must be what the widget itself would show, or a cell would change as it is clicked.
 * Undefined: this configuration shows more than text (addons, a counter, words below), so the cell stays live.
 */
/** comInput: the value as the input shows it. */
export const textCellText: CellText = (value, props) => {
  if (props.prepend || props.append || props.prefixIcon || props.suffixIcon || (props.showCount && props.maxLength)) return undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/**
 * numInput: the number as antd's InputNumber formats it when not typing (rc-input-number's formatter): with the
 * thousands formatter when set; otherwise rounded half-up to the precision, or to the larger of the value's and the
 * step's decimals when no precision is set. Through the same decimal library, so 1.005 rounds alike in both.
 */
export const numberCellText: CellText = (value, props) => {
  if (props.amountChinese) return undefined;
  const numeric = numberValue(value);
  if (numeric === null || Number.isNaN(numeric)) return '';
  // What rc-input-number's getMiniDecimal gives where BigInt exists (every browser the app supports), taken by
  // name so it loads alike under Vite and Node.
  const decimal = new BigIntDecimal(numeric);
  // Infinity: InputNumber shows the number as it is.
  if (decimal.isInvalidate()) return String(numeric);
  const text = decimal.toString();
  if (props.thousands) return withThousands(text);
  const precision = typeof props.precision === 'number' && props.precision >= 0 ? props.precision : Math.max(getNumberPrecision(text), getNumberPrecision((props.step as number | string | undefined) ?? 1));
  return validateNumber(text) ? toFixed(text, '.', precision) : text;
};
