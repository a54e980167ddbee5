import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Bill-rule template picker: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const billRuleSelect = pendingPickerWidget(labels('单据模板', '單據範本', 'Bill-rule template picker'), PendingPicker);
