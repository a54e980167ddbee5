import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** User picker: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const userSelect = pendingPickerWidget(labels('用户选择', '使用者選擇', 'User picker'), PendingPicker);
