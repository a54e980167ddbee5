import { PendingPicker } from '../components/PendingPicker.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Bill-rule template picker: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const billRuleSelect: WidgetDefinition = {
  label: labels('单据模板', '單據範本', 'Bill-rule template picker'),
  kind: 'field',
  component: PendingPicker,
  defaultProps: { pendingLabel: '单据模板待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '单据模板',
};
