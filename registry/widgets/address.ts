import { PendingPicker } from '../components/PendingPicker.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Region picker: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const address: WidgetDefinition = {
  label: labels('省市区', '省市區', 'Region picker'),
  kind: 'field',
  component: PendingPicker,
  defaultProps: { pendingLabel: '省市区待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: [], shape: 'array' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '省市区',
};
