import { cleanup, render } from '@testing-library/react';
import { InputNumber, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { numberCellText, textCellText } from '../../../registry/components/cellText.js';
import { withThousands } from '../../../src/shared/format/thousands.js';

/**
 * An idle sub-table cell shows text where the widget would be (issue 15): the text must be what the widget shows,
 * or a cell would change as it is clicked. Checked against antd's own InputNumber and Input with the same props.
 */
afterEach(cleanup);

const shownByInputNumber = (value: number | null, props: { precision?: number; step?: number | string; thousands?: boolean }) => {
  const { container } = render(
    <InputNumber<number>
      value={value}
      precision={props.precision}
      step={props.step ?? 1}
      formatter={props.thousands ? (text) => withThousands(text ?? '') : undefined}
      parser={props.thousands ? (text) => Number((text ?? '').replace(/,/g, '')) : undefined}
    />,
  );
  const shown = (container.querySelector('input') as HTMLInputElement).value;
  cleanup();
  return shown;
};

describe('idle cell text', () => {
  const cases: [number | null, { precision?: number; step?: number | string; thousands?: boolean }][] = [
    [null, {}],
    [0, {}],
    [12, {}],
    [1234.5, {}],
    [1.005, { precision: 2 }],
    [2.5, { precision: 0 }],
    [-2.5, { precision: 0 }],
    [3, { precision: 3 }],
    [3, { step: 0.01 }],
    [3.14159, { step: 0.1 }],
    [1234567.891, { thousands: true }],
    [1234567, { thousands: true, precision: 2 }],
    [0.1 + 0.2, {}],
    [1e21, {}],
    [1e-7, {}],
    [Infinity, {}],
  ];
  it.each(cases)('numInput %s with %o shows what InputNumber shows', (value, props) => {
    expect(numberCellText(value, props)).toBe(shownByInputNumber(value, props));
  });

  it('shows a numeric string as the number it is, and nothing for what is not a number', () => {
    expect(numberCellText('42', {})).toBe('42');
    expect(numberCellText('abc', {})).toBe('');
    expect(numberCellText(undefined, {})).toBe('');
    // Stored JSON holds numbers, strings or null: anything else shows empty, as the widget shows it.
    expect(numberCellText(true, {})).toBe('');
    expect(numberCellText({ n: 1 }, {})).toBe('');
  });

  it('shows text as Input shows it', () => {
    for (const value of ['试剂', '', 12]) {
      const { container } = render(<Input value={String(value)} />);
      expect(textCellText(value, {})).toBe((container.querySelector('input') as HTMLInputElement).value);
      cleanup();
    }
    expect(textCellText(null, {})).toBe('');
    expect(textCellText({ not: 'text' }, {})).toBe('');
  });

  it('leaves cells with more than text to the live widget', () => {
    expect(numberCellText(5, { amountChinese: true })).toBeUndefined();
    expect(textCellText('a', { prepend: 'SN' })).toBeUndefined();
    expect(textCellText('a', { suffixIcon: 'icon-x' })).toBeUndefined();
    expect(textCellText('a', { showCount: true, maxLength: 10 })).toBeUndefined();
    expect(textCellText('a', { showCount: true })).toBe('a');
  });
});
