import { RelationFormView } from '../components/RelationFormView.js';
import { FIELD_FLAGS, labels, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Relation form: known to the registry; picking arrives with its API in a later issue, so it shows the stored value read-only. */
export const relationForm: WidgetDefinition = {
  label: labels('关联表单', '關聯表單', 'Relation form'),
  kind: 'field',
  component: RelationFormView,
  defaultProps: { pendingLabel: '关联表单待接入，仅显示已存的值' },
  propsSchema: propsSchema({ pendingLabel: str, placeholder: str, modelId: str, relationField: str }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  pending: '关联表单',
  propsFromDefinition: (field) => ({ modelId: field.modelId, relationField: field.relationField }),
};
