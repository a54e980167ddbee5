import { PendingPicker } from '../components/PendingPicker.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Popup table select: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const popupTableSelect: WidgetDefinition = {
  label: labels('下拉表格', '下拉表格', 'Popup table select'),
  kind: 'field',
  component: PendingPicker,
  defaultProps: { pendingLabel: '下拉表格待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '下拉表格',
};
