import { SystemField } from '../components/display.js';
import { labels, propsSchema, str, systemFieldWidget } from '../define.js';

/**
 * System field: the bill number, issued by the server on save from the bill rule named by __config__.rule. The
 * designer's panel chooses the rule in the 模板 dialog (`x-picks`); the reader hands the stored value over as it is,
 * so the panel writes the choice back to __config__.rule.
 */
const widget = systemFieldWidget(labels('单据组件', '單據元件', 'Bill number'), SystemField, { rule: (field: { __config__?: { rule?: unknown } }) => field.__config__?.rule ?? '' });
export const billRule = { ...widget, propsSchema: propsSchema({ placeholder: str, rule: { ...str, 'x-picks': 'billRule' } }) };
