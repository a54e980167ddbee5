import { ButtonWidget } from '../components/display.js';
import { DISPLAY_FLAGS, bool, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A button inside a form (its action, if any, belongs to the page that hosts the form). */
export const button: WidgetDefinition = {
  label: labels('按钮', '按鈕', 'Button'),
  kind: 'display',
  component: ButtonWidget,
  defaultProps: { buttonText: '按钮', type: 'default', align: 'left' },
  propsSchema: propsSchema({ buttonText: str, type: { enum: ['primary', 'default', 'dashed', 'link', 'text', 'success', 'warning', 'danger', 'info'] }, align: { enum: ['left', 'center', 'right'] }, disabled: bool }),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  propsFromDefinition: (field) => pick(field, { buttonText: 'buttonText', type: 'type', align: 'align', disabled: 'disabled' }),
};
