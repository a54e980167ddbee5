import { DISPLAY_FLAGS, bool, int, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';
import { lazyWidget } from '../lazyWidget.js';

/** Rich text; the stored HTML is sanitized on the way in and on the way out. */
export const editor: WidgetDefinition = {
  label: labels('富文本', '富文本', 'Rich text'),
  kind: 'field',
  component: lazyWidget(() => import('../components/RichText.js').then((module) => module.RichText)),
  defaultProps: { placeholder: '请输入内容...' },
  propsSchema: propsSchema({ placeholder: str, disabled: bool, height: int }),
  value: { empty: null, shape: 'string' },
  flags: { ...DISPLAY_FLAGS, storesValue: true },
  propsFromDefinition: (field) => pick(field, { placeholder: 'placeholder', height: 'height' }),
};
