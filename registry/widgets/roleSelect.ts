import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Role picker: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const roleSelect = pendingPickerWidget(labels('角色选择', '角色選擇', 'Role picker'), PendingPicker);
