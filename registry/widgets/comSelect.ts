import { PendingPicker } from '../components/PendingPicker.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Organisation picker: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const comSelect: WidgetDefinition = {
  label: labels('组织选择', '組織選擇', 'Organisation picker'),
  kind: 'field',
  component: PendingPicker,
  defaultProps: { pendingLabel: '组织选择待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '组织选择',
};
