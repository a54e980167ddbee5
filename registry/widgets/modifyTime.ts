import { SystemField } from '../components/display.js';
import { labels, systemFieldWidget } from '../define.js';

/** System field: modified at, filled by the server on save. */
export const modifyTime = systemFieldWidget(labels('修改时间', '修改時間', 'Modified at'), SystemField);
