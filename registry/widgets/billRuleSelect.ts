import { lazyWidget } from '../lazyWidget.js';
import { FIELD_FLAGS, bool, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Business-rule template picker (spec 001 §2): a numbering rule, stored by its code, chosen in the 模板 dialog. */
export const billRuleSelect: WidgetDefinition = {
  label: labels('单据模板', '單據範本', 'Bill-rule template picker'),
  kind: 'field',
  component: lazyWidget(() => import('../components/pickers/index.js').then((m) => m.BillRulePicker)),
  defaultProps: { clearable: true },
  propsSchema: propsSchema({ placeholder: str, disabled: bool, clearable: bool }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  propsFromDefinition: (field) => pick(field, { placeholder: 'placeholder', clearable: 'clearable' }),
};
