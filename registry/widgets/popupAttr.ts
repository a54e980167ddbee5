import { PendingPicker } from '../components/PendingPicker.js';
import { DISPLAY_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Popup select attribute: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const popupAttr: WidgetDefinition = {
  label: labels('弹窗选择属性', '彈窗選擇屬性', 'Popup select attribute'),
  kind: 'display',
  component: PendingPicker,
  defaultProps: { pendingLabel: '弹窗选择属性待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  pending: '弹窗选择属性',
  propsFromDefinition: (field) => ({ showField: field.showField, relationField: field.relationField }),
};
