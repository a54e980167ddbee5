import { PopupPicker } from '../components/pickers/PopupPicker.js';
import { popupWidget } from '../popupWidget.js';
import { labels } from '../define.js';

/** Popup select: a row of a data interface, chosen in a paged dialog (spec 001 §3). */
export const popupSelect = popupWidget(labels('弹窗选择', '彈窗選擇', 'Popup select'), PopupPicker);
