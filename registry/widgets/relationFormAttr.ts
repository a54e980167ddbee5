import { PendingPicker } from '../components/PendingPicker.js';
import { DISPLAY_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Relation form attribute: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const relationFormAttr: WidgetDefinition = {
  label: labels('关联表单属性', '關聯表單屬性', 'Relation form attribute'),
  kind: 'display',
  component: PendingPicker,
  defaultProps: { pendingLabel: '关联表单属性待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  pending: '关联表单属性',
  propsFromDefinition: (field) => ({ showField: field.showField, relationField: field.relationField }),
};
