import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Organisation picker: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const comSelect = pendingPickerWidget(labels('组织选择', '組織選擇', 'Organisation picker'), PendingPicker);
