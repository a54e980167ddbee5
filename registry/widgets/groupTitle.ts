import { GroupTitle } from '../components/display.js';
import { DISPLAY_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A section heading inside a form. */
export const groupTitle: WidgetDefinition = {
  label: labels('分组标题', '分組標題', 'Group title'),
  kind: 'display',
  component: GroupTitle,
  defaultProps: { contentPosition: 'left' },
  propsSchema: propsSchema({ content: str, contentPosition: { enum: ['left', 'center', 'right'] } }),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  propsFromDefinition: (field) => ({ content: field.content ?? field.__config__?.label ?? '', contentPosition: field['content-position'] ?? field.contentPosition ?? 'left' }),
};
