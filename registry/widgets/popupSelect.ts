import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Popup select: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const popupSelect = pendingPickerWidget(labels('弹窗选择', '彈窗選擇', 'Popup select'), PendingPicker);
