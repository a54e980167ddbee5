import { lazyWidget } from '../lazyWidget.js';
import { labels } from '../define.js';
import { pickerWidget } from '../components/pickers/pickerWidget.js';

/** Group picker (分组选择, spec 001 §2): a group id, a list in multi mode. */
export const groupSelect = pickerWidget(labels('分组选择', '分組選擇', 'Group picker'), lazyWidget(() => import('../components/pickers/index.js').then((m) => m.GroupPicker)));
