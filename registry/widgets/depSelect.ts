import { PendingPicker } from '../components/PendingPicker.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Department picker: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const depSelect: WidgetDefinition = {
  label: labels('部门选择', '部門選擇', 'Department picker'),
  kind: 'field',
  component: PendingPicker,
  defaultProps: { pendingLabel: '部门选择待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '部门选择',
};
