import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Region picker: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const address = pendingPickerWidget(labels('省市区', '省市區', 'Region picker'), PendingPicker, { multiple: true });
