import { TreeSelectField } from '../components/inputs.js';
import { COMMON_PROPS, FIELD_FLAGS, OPTION_SOURCE_SCHEMA, bool, labels, optionSource, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';
import { PARAM_LIST_SCHEMA, interfaceSource } from '../interfaceSource.js';

/** Choice of one or more nodes of an option tree. */
export const treeSelect: WidgetDefinition = {
  label: labels('树形选择', '樹形選擇', 'Tree select'),
  kind: 'field',
  component: TreeSelectField,
  defaultProps: { dataType: 'static', options: [] },
  propsSchema: propsSchema({ ...COMMON_PROPS, ...OPTION_SOURCE_SCHEMA, paramList: PARAM_LIST_SCHEMA, childrenKey: { type: 'string' }, multiple: bool }),
  value: { empty: null, shape: 'any' },
  flags: FIELD_FLAGS,
  propsFromDefinition: (field) => ({ ...optionSource(field),
    ...interfaceSource(field), ...pick(field, { placeholder: 'placeholder', clearable: 'clearable', multiple: 'multiple' }) }),
};
