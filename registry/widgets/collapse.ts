import { CollapseLayout } from '../components/layout.js';
import { LAYOUT_FLAGS, bool, labels, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Layout: Collapse. Holds fields, stores nothing. */
export const collapse: WidgetDefinition = {
  label: labels('折叠面板', '摺疊面板', 'Collapse'),
  kind: 'layout',
  component: CollapseLayout,
  defaultProps: {},
  propsSchema: propsSchema({ accordion: bool }),
  value: { empty: null, shape: 'none' },
  flags: LAYOUT_FLAGS,
  propsFromDefinition: (field) => ({ active: field.__config__?.active, accordion: Boolean(field.accordion) }),
};
