import { lazyWidget } from '../lazyWidget.js';
import { labels } from '../define.js';
import { PICKER_EXTRA, pickerWidget } from '../components/pickers/pickerWidget.js';

/** User picker (选择用户, spec 001 §2): a user id (or currentUser), a list in multi mode; 450 px for approvers. */
export const userSelect = pickerWidget(
  labels('用户选择', '使用者選擇', 'User picker'),
  lazyWidget(() => import('../components/pickers/index.js').then((m) => m.UserPicker)),
  { extra: PICKER_EXTRA.user },
);
