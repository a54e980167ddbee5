import { lazyWidget } from '../lazyWidget.js';
import { labels } from '../define.js';
import { pickerWidget } from '../components/pickers/pickerWidget.js';

/** Position picker (选择岗位, spec 001 §2): a position id, a list in multi mode; custom lists via ableDepIds/ablePosIds. */
export const posSelect = pickerWidget(labels('岗位选择', '職位選擇', 'Position picker'), lazyWidget(() => import('../components/pickers/index.js').then((m) => m.PositionPicker)));
