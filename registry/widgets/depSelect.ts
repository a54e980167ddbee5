import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Department picker: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const depSelect = pendingPickerWidget(labels('部门选择', '部門選擇', 'Department picker'), PendingPicker);
