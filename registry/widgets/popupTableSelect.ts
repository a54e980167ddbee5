import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Popup table select: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const popupTableSelect = pendingPickerWidget(labels('下拉表格', '下拉表格', 'Popup table select'), PendingPicker);
