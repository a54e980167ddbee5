import { RelationFormView } from '../components/RelationFormView.js';
import { popupWidget } from '../popupWidget.js';
import { labels } from '../define.js';

/** Relation form: a record of another released form, chosen by its model id; the viewer opens the related record. */
export const relationForm = popupWidget(labels('关联表单', '關聯表單', 'Relation form'), RelationFormView);
