import { PendingPicker } from '../components/PendingPicker.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Popup select: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const popupSelect: WidgetDefinition = {
  label: labels('弹窗选择', '彈窗選擇', 'Popup select'),
  kind: 'field',
  component: PendingPicker,
  defaultProps: { pendingLabel: '弹窗选择待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '弹窗选择',
};
