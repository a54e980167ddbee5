import { TableGridLayout } from '../components/layout.js';
import { LAYOUT_FLAGS, labels, num, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Layout: Table layout. Holds fields, stores nothing. */
export const tableGrid: WidgetDefinition = {
  label: labels('表格容器', '表格容器', 'Table layout'),
  kind: 'layout',
  component: TableGridLayout,
  defaultProps: {},
  propsSchema: propsSchema({ borderColor: str, borderWidth: num }),
  value: { empty: null, shape: 'none' },
  flags: LAYOUT_FLAGS,
  propsFromDefinition: (field) => pick(field, { borderColor: 'borderColor', borderWidth: 'borderWidth' }),
};
