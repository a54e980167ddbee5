import { useMemo } from 'react';
import { createForm, onFieldValueChange } from '@formily/core';
import { ArrayField, Field, FormProvider, observer, useField } from '@formily/react';
import { FormItem, Input, NumberPicker, Select } from '@formily/antd-v5';
import type { ArrayField as ArrayFieldModel } from '@formily/core';
import { CALCULATED, OPTIONS, TABLE_COLUMNS, TOP_FIELD, TOP_LABEL, calculatedColumn, tableRows, wideFields } from '../generate.js';

/**
 * The baseline: the same fields written by hand with @formily/react and @formily/antd-v5, as a developer would
 * without a runtime. No compiler, no registry; calculated fields through an effect.
 */
const componentOf = { text: Input, number: NumberPicker, select: Select } as const;
const options = OPTIONS.map((o) => ({ label: o.fullName, value: o.id }));

export function FormilyWide() {
  const form = useMemo(() => createForm(), []);
  return (
    <FormProvider form={form}>
      <div style={{ display: 'flex', flexWrap: 'wrap' }}>
        {wideFields().map((field) => (
          <div key={field.key} style={{ width: '50%', padding: '0 8px', boxSizing: 'border-box' }}>
            <Field
              name={field.key}
              title={field.label}
              decorator={[FormItem, { labelWidth: 100 }]}
              component={[componentOf[field.kind], field.kind === 'select' ? { options, style: { width: '100%' }, 'data-field': field.key } : { style: { width: '100%' }, 'data-field': field.key }]}
            />
          </div>
        ))}
      </div>
    </FormProvider>
  );
}

const Rows = observer(function Rows() {
  const field = useField<ArrayFieldModel>();
  const rows = (field.value ?? []) as unknown[];
  return (
    <table>
      <tbody>
        {rows.map((_, r) => (
          <tr key={r}>
            <td>{r + 1}</td>
            {Array.from({ length: TABLE_COLUMNS }, (_, c) => (
              <td key={c}>
                <Field name={`${r}.c${c}`} component={[NumberPicker, { style: { width: 100 }, 'data-cell': `${r}.c${c}` }]} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
});

export function FormilyTable() {
  const form = useMemo(
    () =>
      createForm({
        initialValues: { items: tableRows() },
        effects() {
          let timer: ReturnType<typeof setTimeout> | undefined;
          onFieldValueChange('items.*.*', (_, f) => {
            clearTimeout(timer);
            timer = setTimeout(() => {
              const items = f.query('items').value() as Record<string, number>[];
              for (let i = 0; i < CALCULATED; i += 1) {
                const column = calculatedColumn(i);
                f.setValuesIn(`k${i}`, items.reduce((sum, row) => sum + (Number(row[column]) || 0), 0) * (i + 1));
              }
            }, 100);
          });
        },
      }),
    [],
  );
  return (
    <FormProvider form={form}>
      <div data-field={TOP_FIELD}>
        <Field name={TOP_FIELD} title={TOP_LABEL} decorator={[FormItem, { labelWidth: 100 }]} component={[Input]} />
      </div>
      <ArrayField name="items">
        <Rows />
      </ArrayField>
      <div style={{ display: 'flex', flexWrap: 'wrap' }}>
        {Array.from({ length: CALCULATED }, (_, i) => (
          <div key={i} style={{ width: '25%' }} data-field={`k${i}`}>
            <Field name={`k${i}`} title={`合计 ${i}`} decorator={[FormItem]} component={[NumberPicker, { readOnly: true }]} />
          </div>
        ))}
      </div>
    </FormProvider>
  );
}
