import { PendingPicker } from '../components/PendingPicker.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Users picker: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const usersSelect: WidgetDefinition = {
  label: labels('用户组件', '使用者元件', 'Users picker'),
  kind: 'field',
  component: PendingPicker,
  defaultProps: { pendingLabel: '用户组件待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: [], shape: 'array' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '用户组件',
};
