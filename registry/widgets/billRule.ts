import { SystemField } from '../components/display.js';
import { labels, systemFieldWidget } from '../define.js';

/** System field: the bill number, issued by the server on save from the bill rule named by __config__.rule. */
export const billRule = systemFieldWidget(labels('单据组件', '單據元件', 'Bill number'), SystemField, { rule: (field: { __config__?: { rule?: unknown } }) => String(field.__config__?.rule ?? '') });
