import { TextWidget } from '../components/display.js';
import { DISPLAY_FLAGS, labels, num, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Static text with its style (V5: text). */
export const JNPFText: WidgetDefinition = {
  label: labels('文本', '文本', 'Text'),
  kind: 'display',
  component: TextWidget,
  defaultProps: {},
  propsSchema: propsSchema({ content: str, textStyle: { type: 'object' }, fontSize: num, lineHeight: num }),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  propsFromDefinition: (field) => ({
    content: String(field.content ?? field.__config__?.defaultValue ?? ''),
    textStyle: field.textStyle ?? {},
    ...(typeof field.fontSize === 'number' ? { fontSize: field.fontSize } : {}),
    ...(typeof field.lineHeight === 'number' ? { lineHeight: field.lineHeight } : {}),
  }),
};
