import { useState } from 'react';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { textOf, type Text } from '../screen.js';
import type { RowInput } from './table/columns.js';
import { RowInputField } from './table/RowsTable.js';

/**
 * Small inputs beside a card's or a record's buttons (a quantity before 加入购物车): their values reach the buttons'
 * actions as {input.<name>}, starting from `default`.
 */
export interface NodeInput extends RowInput {
  name: string;
  label?: Text;
  default?: unknown;
}

export type InputValues = Record<string, unknown>;

export const initialInputs = (inputs: NodeInput[] | undefined): InputValues => Object.fromEntries((inputs ?? []).map((input) => [input.name, input.default ?? null]));

export function useNodeInputs(inputs: NodeInput[] | undefined) {
  const [values, setValues] = useState<InputValues>(() => initialInputs(inputs));
  return { values, set: (name: string, value: unknown) => setValues((current) => ({ ...current, [name]: value })) };
}

export function NodeInputs({ inputs, values, onChange }: { inputs: NodeInput[] | undefined; values: InputValues; onChange: (name: string, value: unknown) => void }) {
  const { i18n } = useTranslation();
  if (!inputs?.length) return null;
  return (
    <Space wrap onClick={(event) => event.stopPropagation()}>
      {inputs.map((input) => (
        <Space key={input.name} size={4}>
          {input.label && <span>{textOf(input.label, i18n.language)}</span>}
          <RowInputField input={input} value={values[input.name]} onChange={(value) => onChange(input.name, value)} />
        </Space>
      ))}
    </Space>
  );
}
