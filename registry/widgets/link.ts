import { LinkWidget } from '../components/display.js';
import { DISPLAY_FLAGS, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A link; only http(s) and same-site addresses are followed. */
export const link: WidgetDefinition = {
  label: labels('链接', '連結', 'Link'),
  kind: 'display',
  component: LinkWidget,
  defaultProps: { target: '_blank' },
  propsSchema: propsSchema({ content: str, href: str, target: { enum: ['_blank', '_self'] } }),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  propsFromDefinition: (field) => pick(field, { content: 'content', href: 'href', target: 'target' }),
};
