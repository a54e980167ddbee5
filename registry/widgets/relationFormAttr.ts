import { PendingPicker } from '../components/PendingPicker.js';
import { labels, pendingPickerWidget } from '../define.js';

/** Relation form attribute: picking arrives with its API in a later issue; until then the stored value shows read-only. */
export const relationFormAttr = pendingPickerWidget(labels('关联表单属性', '關聯表單屬性', 'Relation form attribute'), PendingPicker, { attribute: true, propsFromDefinition: (field) => ({ showField: field.showField, relationField: field.relationField }) });
