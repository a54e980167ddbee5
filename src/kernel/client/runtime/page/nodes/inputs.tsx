import { useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { textOf, type Text } from '../screen.js';
import type { RowInput } from './table/columns.js';
import { fillValue, type Context } from '../template.js';
import { RowInputField } from './table/RowsTable.js';

/**
 * Small inputs beside a card's or a record's buttons (a quantity before 加入购物车, an address before 提交订单): their
 * values reach the buttons' actions as {input.<name>}, starting from `default` (a placeholder such as '{quantity}'
 * takes the holder's context: the quantity a buy-now link carried).
 */
export interface NodeInput extends RowInput {
  name: string;
  label?: Text;
  default?: unknown;
}

export type InputValues = Record<string, unknown>;

export const initialInputs = (inputs: NodeInput[] | undefined, context: Context = {}): InputValues =>
  Object.fromEntries((inputs ?? []).map((input) => [input.name, startValue(input, context)]));

function startValue(input: NodeInput, context: Context): unknown {
  const value = fillValue(input.default ?? null, context);
  if (input.type !== 'number' || value === null || value === undefined || value === '') return value ?? null;
  // A number from the address (a link's quantity) arrives as text; one that is no whole number in range is not taken.
  const number = Number(value);
  const min = input.min ?? 0;
  return Number.isInteger(number) && number >= min && number <= (input.max ?? Number.MAX_SAFE_INTEGER) ? number : typeof input.default === 'number' ? input.default : min;
}

export function useNodeInputs(inputs: NodeInput[] | undefined, context?: Context) {
  const [values, setValues] = useState<InputValues>(() => initialInputs(inputs, context));
  return { values, set: (name: string, value: unknown) => setValues((current) => ({ ...current, [name]: value })) };
}

export function NodeInputs({ inputs, values, onChange, row }: { inputs: NodeInput[] | undefined; values: InputValues; onChange: (name: string, value: unknown) => void; row?: Record<string, unknown> }) {
  const { i18n } = useTranslation();
  if (!inputs?.length) return null;
  return (
    <Space wrap onClick={(event) => event.stopPropagation()}>
      {inputs.map((input) => (
        <Space key={input.name} size={4}>
          {input.label && <span>{textOf(input.label, i18n.language)}</span>}
          <RowInputField input={input} value={values[input.name]} onChange={(value) => onChange(input.name, value)} row={row} />
        </Space>
      ))}
    </Space>
  );
}
