import { SystemField } from '../components/display.js';
import { labels, systemFieldWidget } from '../define.js';

/** System field: modified by, filled by the server on save. */
export const modifyUser = systemFieldWidget(labels('修改人员', '修改人員', 'Modified by'), SystemField);
