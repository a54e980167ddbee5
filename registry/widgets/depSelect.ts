import { lazyWidget } from '../lazyWidget.js';
import { labels } from '../define.js';
import { PICKER_EXTRA, pickerWidget } from '../components/pickers/pickerWidget.js';

/** Department picker (选择部门, spec 001 §2): a department id, a list in multi mode; custom lists via ableDepIds. */
export const depSelect = pickerWidget(
  labels('部门选择', '部門選擇', 'Department picker'),
  lazyWidget(() => import('../components/pickers/index.js').then((m) => m.DepartmentPicker)),
  { extra: PICKER_EXTRA.department },
);
