import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Dictionary picker: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const dicSelect = pendingPickerWidget(labels('数据字典', '資料字典', 'Dictionary picker'), PendingPicker);
