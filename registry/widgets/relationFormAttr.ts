import { attributeWidget } from '../attributeWidget.js';
import { labels } from '../define.js';

/** Relation form attribute: a field of the record the form's relation form has picked. */
export const relationFormAttr = attributeWidget(labels('关联表单属性', '關聯表單屬性', 'Relation form attribute'), 'relationForm');
