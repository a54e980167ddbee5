import { SystemField } from '../components/display.js';
import { labels, systemFieldWidget } from '../define.js';

/** System field: position, filled by the server on save. */
export const currPosition = systemFieldWidget(labels('所属岗位', '所屬職位', 'Position'), SystemField);
