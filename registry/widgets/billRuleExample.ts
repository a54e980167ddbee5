import { BillRuleExample } from '../components/BillRuleExample.js';
import { DISPLAY_FLAGS, labels, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** The live example of the bill-rule form (spec 001 §5). */
export const billRuleExample: WidgetDefinition = {
  label: labels('流水范例', '流水範例', 'Example'),
  kind: 'display',
  component: BillRuleExample,
  defaultProps: {},
  propsSchema: propsSchema({}),
  value: { empty: null, shape: 'none' },
  flags: DISPLAY_FLAGS,
  readsFormValues: true,
};
