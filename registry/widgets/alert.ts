import { AlertWidget } from '../components/display.js';
import { DISPLAY_FLAGS, bool, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** A notice box. */
export const alert: WidgetDefinition = {
  label: labels('提示', '提示', 'Alert'),
  kind: 'display',
  component: AlertWidget,
  defaultProps: { type: 'info', showIcon: false },
  propsSchema: propsSchema({ title: str, description: str, type: { enum: ['success', 'info', 'warning', 'error'] }, showIcon: bool, closable: bool }),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  propsFromDefinition: (field) => pick(field, { title: 'title', description: 'description', type: 'type', showIcon: 'showIcon', 'show-icon': 'showIcon', closable: 'closable' }),
};
