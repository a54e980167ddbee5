import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Users picker: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const usersSelect = pendingPickerWidget(labels('用户组件', '使用者元件', 'Users picker'), PendingPicker, { multiple: true });
