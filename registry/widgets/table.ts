import { SubTable } from '../components/SubTable.js';
import { bool, int, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** The sub-table: rows of child fields, with summaries and row selection (JNPF-InputTable). */
export const table: WidgetDefinition = {
  label: labels('设计子表', '設計子表', 'Sub-table'),
  kind: 'field',
  component: SubTable,
  defaultProps: { showSummary: false, summaryFields: [], addType: 0 },
  propsSchema: propsSchema({ title: str, showTitle: bool, showSummary: bool, summaryFields: { type: 'array', items: str }, addType: { enum: [0, 1] }, selectionDialog: { type: 'object' }, height: int }),
  value: { empty: [], shape: 'array' },
  flags: { storesValue: true, allowedInSubTable: false, listColumn: false, searchable: false },
  propsFromDefinition: (field) => {
    const config = field.__config__ ?? {};
    const summary = field.summaryField;
    const dialog = (field.addTableConf ?? field.actionConfig) as Record<string, unknown> | undefined;
    return {
      title: config.label ?? '',
      showTitle: config.showTitle !== false,
      showSummary: Boolean(field['show-summary'] ?? field.showSummary),
      summaryFields: Array.isArray(summary) ? summary : typeof summary === 'string' && summary ? summary.split(',') : [],
      addType: Number(field.addType ?? 0) === 1 ? 1 : 0,
      ...(dialog ? { selectionDialog: dialog } : {}),
    };
  },
};
