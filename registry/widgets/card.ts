import { CardLayout } from '../components/layout.js';
import { LAYOUT_FLAGS, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Layout: Card. Holds fields, stores nothing. */
export const card: WidgetDefinition = {
  label: labels('卡片', '卡片', 'Card'),
  kind: 'layout',
  component: CardLayout,
  defaultProps: {},
  propsSchema: propsSchema({ header: str, shadow: { enum: ['always', 'hover', 'never'] } }),
  value: { empty: null, shape: 'none' },
  flags: LAYOUT_FLAGS,
  propsFromDefinition: (field) => ({ header: field.header ?? field.__config__?.label ?? '', ...pick(field, { shadow: 'shadow' }) }),
};
