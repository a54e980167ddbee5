import type { FieldDefinition, FormDefinition } from '../../../src/shared/form/definition.js';

/**
 * The benchmark's forms, generated the same way for every implementation:
 *  - wide: 500 fields (6 in 10 text, 3 in 10 number, 1 in 10 select);
 *  - table: a top-level text field, then a 1,000-row × 20-column sub-table of numbers with 50 calculated fields
 *    over its columns.
 */
export type Kind = 'text' | 'number' | 'select';
export interface FlatField {
  key: string;
  label: string;
  kind: Kind;
}

const OPTIONS = [
  { id: 'a', fullName: '选项 A' },
  { id: 'b', fullName: '选项 B' },
  { id: 'c', fullName: '选项 C' },
];

export function wideFields(count = 500): FlatField[] {
  return Array.from({ length: count }, (_, i) => ({ key: `f${i}`, label: `字段 ${i}`, kind: i % 10 < 6 ? 'text' : i % 10 < 9 ? 'number' : 'select' }));
}

export const TABLE_COLUMNS = 20;
export const TABLE_ROWS = 1000;
export const CALCULATED = 50;

export function tableRows(): Record<string, number>[] {
  return Array.from({ length: TABLE_ROWS }, (_, r) => Object.fromEntries(Array.from({ length: TABLE_COLUMNS }, (_, c) => [`c${c}`, (r + c) % 10])));
}

/** Calculated field i: the sum of column i mod 20, times (i + 1). */
export const calculatedColumn = (i: number) => `c${i % TABLE_COLUMNS}`;

const jnpfKeyOf: Record<Kind, string> = { text: 'comInput', number: 'numInput', select: 'select' };

export function wideDefinition(fields = wideFields()): FormDefinition {
  return {
    labelWidth: 100,
    fields: fields.map(
      (field): FieldDefinition => ({
        __config__: { jnpfKey: jnpfKeyOf[field.kind], label: field.label, span: 12, dataType: 'static', props: { label: 'fullName', value: 'id' } },
        __vModel__: field.key,
        ...(field.kind === 'select' ? { __slot__: { options: OPTIONS } } : {}),
      }),
    ),
  };
}

/** The table form's top-level text field, before the table (issue 15 types into it). */
export const TOP_FIELD = 'title';
export const TOP_LABEL = '标题';

/**
 * `withRows`: the sub-table's default value holds the 1,000 rows, so a new form starts with them — how /previewModel
 * (which renders a definition, not a record) and a released design's 新增 dialog get a full table to measure.
 */
export function tableDefinition({ withRows = false } = {}): FormDefinition {
  return {
    labelWidth: 100,
    fields: [
      { __config__: { jnpfKey: 'comInput', label: TOP_LABEL, span: 24 }, __vModel__: TOP_FIELD },
      {
        __config__: {
          jnpfKey: 'table',
          label: '明细',
          ...(withRows ? { defaultValue: tableRows() } : {}),
          children: Array.from({ length: TABLE_COLUMNS }, (_, c) => ({ __config__: { jnpfKey: 'numInput', label: `列 ${c}`, columnWidth: 110 }, __vModel__: `c${c}` })),
        },
        __vModel__: 'items',
      },
      ...Array.from({ length: CALCULATED }, (_, i): FieldDefinition => ({
        __config__: { jnpfKey: 'calculate', label: `合计 ${i}`, span: 6 },
        __vModel__: `k${i}`,
        expression: [{ __vModel__: `items.${calculatedColumn(i)}` }, '×', String(i + 1)],
      })),
    ],
  };
}

export { OPTIONS };
