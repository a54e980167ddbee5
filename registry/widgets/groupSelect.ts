import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Group picker: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const groupSelect = pendingPickerWidget(labels('分组选择', '分組選擇', 'Group picker'), PendingPicker);
