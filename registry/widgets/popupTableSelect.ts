import { PopupPicker } from '../components/pickers/PopupPicker.js';
import { popupWidget } from '../popupWidget.js';
import { labels } from '../define.js';

/** Popup table select (下拉表格): rows of a data interface in a table, one or several (spec 001 §3). */
export const popupTableSelect = popupWidget(labels('下拉表格', '下拉表格', 'Popup table select'), PopupPicker);
