import { attributeWidget } from '../attributeWidget.js';
import { labels } from '../define.js';

/** Popup select attribute: a field of the row the form's popup select has picked. */
export const popupAttr = attributeWidget(labels('弹窗选择属性', '彈窗選擇屬性', 'Popup select attribute'), 'popupSelect');
