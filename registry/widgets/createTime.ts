import { SystemField } from '../components/display.js';
import { labels, systemFieldWidget } from '../define.js';

/** System field: created at, filled by the server on save. */
export const createTime = systemFieldWidget(labels('创建时间', '建立時間', 'Created at'), SystemField);
