import { RowLayout } from '../components/layout.js';
import { LAYOUT_FLAGS, labels, num, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Layout: Row. Holds fields, stores nothing. */
export const row: WidgetDefinition = {
  label: labels('栅格', '柵格', 'Row'),
  kind: 'layout',
  component: RowLayout,
  defaultProps: {},
  propsSchema: propsSchema({ gutter: num }),
  value: { empty: null, shape: 'none' },
  flags: LAYOUT_FLAGS,
  propsFromDefinition: (field) => pick(field, { gutter: 'gutter' }),
};
