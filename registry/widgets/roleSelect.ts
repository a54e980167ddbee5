import { PendingPicker } from '../components/PendingPicker.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Role picker: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const roleSelect: WidgetDefinition = {
  label: labels('角色选择', '角色選擇', 'Role picker'),
  kind: 'field',
  component: PendingPicker,
  defaultProps: { pendingLabel: '角色选择待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '角色选择',
};
