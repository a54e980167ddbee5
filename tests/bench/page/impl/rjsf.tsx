import { useCallback, useState } from 'react';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { CALCULATED, OPTIONS, TABLE_COLUMNS, TOP_FIELD, TOP_LABEL, calculatedColumn, tableRows, wideFields } from '../generate.js';

/** The other baseline: @rjsf/core (its default theme) on the equivalent JSON Schema. */
const wideSchema: RJSFSchema = {
  type: 'object',
  properties: Object.fromEntries(
    wideFields().map((field) => [
      field.key,
      field.kind === 'select'
        ? { type: 'string', title: field.label, enum: OPTIONS.map((o) => o.id) }
        : { type: field.kind === 'number' ? 'number' : 'string', title: field.label },
    ]),
  ),
};

export function RjsfWide() {
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  return <Form schema={wideSchema} validator={validator} formData={formData} onChange={(e) => setFormData(e.formData)} />;
}

const tableSchema: RJSFSchema = {
  type: 'object',
  properties: {
    [TOP_FIELD]: { type: 'string', title: TOP_LABEL },
    items: { type: 'array', title: '明细', items: { type: 'object', properties: Object.fromEntries(Array.from({ length: TABLE_COLUMNS }, (_, c) => [`c${c}`, { type: 'number', title: `列 ${c}` }])) } },
    ...Object.fromEntries(Array.from({ length: CALCULATED }, (_, i) => [`k${i}`, { type: 'number', title: `合计 ${i}`, readOnly: true }])),
  },
};
const tableUi: UiSchema = { items: { 'ui:options': { orderable: false } } };

function withSums(data: Record<string, unknown>) {
  const items = (data.items ?? []) as Record<string, number>[];
  const next = { ...data };
  for (let i = 0; i < CALCULATED; i += 1) {
    const column = calculatedColumn(i);
    next[`k${i}`] = items.reduce((sum, row) => sum + (Number(row[column]) || 0), 0) * (i + 1);
  }
  return next;
}

export function RjsfTable() {
  // rjsf infers its form type from formData; the loose type keeps its validator's generic satisfied.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const [formData, setFormData] = useState<any>(() => withSums({ items: tableRows() }));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const onChange = useCallback((e: { formData?: any }) => setFormData(withSums(e.formData ?? {})), []);
  return <Form schema={tableSchema} uiSchema={tableUi as never} validator={validator} formData={formData} onChange={onChange} />;
}
