import { PendingPicker } from '../components/PendingPicker.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** User picker: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const userSelect: WidgetDefinition = {
  label: labels('用户选择', '使用者選擇', 'User picker'),
  kind: 'field',
  component: PendingPicker,
  defaultProps: { pendingLabel: '用户选择待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '用户选择',
};
