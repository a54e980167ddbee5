import { RelationFormView } from '../components/RelationFormView.js';
import { labels, pendingPickerWidget, str } from '../define.js';

/** Relation form: picking arrives with the popup-data API; the viewer can already open the related record. */
export const relationForm = pendingPickerWidget(labels('关联表单', '關聯表單', 'Relation form'), RelationFormView, {
  extraSchema: { modelId: str, relationField: str },
  propsFromDefinition: (field) => ({ modelId: field.modelId, relationField: field.relationField }),
});
