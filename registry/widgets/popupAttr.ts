import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Popup select attribute: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const popupAttr = pendingPickerWidget(labels('弹窗选择属性', '彈窗選擇屬性', 'Popup select attribute'), PendingPicker, { attribute: true, propsFromDefinition: (field) => ({ showField: field.showField, relationField: field.relationField }) });
