import { lazyWidget } from '../lazyWidget.js';
import { labels } from '../define.js';
import { PICKER_EXTRA, pickerWidget } from '../components/pickers/pickerWidget.js';

/** Organisation picker (选择组织, spec 001 §2): stores the id path (organizeIds), a list of paths in multi mode. */
export const comSelect = pickerWidget(
  labels('组织选择', '組織選擇', 'Organisation picker'),
  lazyWidget(() => import('../components/pickers/index.js').then((m) => m.OrganizePicker)),
  { extra: PICKER_EXTRA.organize },
);
