import { SystemField } from '../components/display.js';
import { labels, systemFieldWidget } from '../define.js';

/** System field: created by, filled by the server on save. */
export const createUser = systemFieldWidget(labels('创建人员', '建立人員', 'Created by'), SystemField);
