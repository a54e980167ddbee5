import { DividerWidget } from '../components/display.js';
import { DISPLAY_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A dividing line with optional text. */
export const divider: WidgetDefinition = {
  label: labels('分割线', '分割線', 'Divider'),
  kind: 'display',
  component: DividerWidget,
  defaultProps: { contentPosition: 'center' },
  propsSchema: propsSchema({ text: str, contentPosition: { enum: ['left', 'center', 'right'] } }),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  propsFromDefinition: (field) => ({ text: field.__slot__?.default ?? field.content ?? '', contentPosition: field['content-position'] ?? field.contentPosition ?? 'center' }),
};
