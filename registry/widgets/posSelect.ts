import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Position picker: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const posSelect = pendingPickerWidget(labels('岗位选择', '職位選擇', 'Position picker'), PendingPicker);
