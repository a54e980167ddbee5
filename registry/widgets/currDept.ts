import { SystemField } from '../components/display.js';
import { labels, systemFieldWidget } from '../define.js';

/** System field: department, filled by the server on save. */
export const currDept = systemFieldWidget(labels('所属部门', '所屬部門', 'Department'), SystemField);
