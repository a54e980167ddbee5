import { PendingPicker } from '../components/PendingPicker.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Dictionary picker: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const dicSelect: WidgetDefinition = {
  label: labels('数据字典', '資料字典', 'Dictionary picker'),
  kind: 'field',
  component: PendingPicker,
  defaultProps: { pendingLabel: '数据字典待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '数据字典',
};
