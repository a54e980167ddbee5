import { CascaderField } from '../components/inputs.js';
import { COMMON_PROPS, FIELD_FLAGS, OPTION_SOURCE_SCHEMA, bool, labels, optionSource, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';
import { PARAM_LIST_SCHEMA, interfaceSource } from '../interfaceSource.js';

/** Choice along a tree of options, stored as the path of values. */
export const cascader: WidgetDefinition = {
  label: labels('级联选择', '級聯選擇', 'Cascader'),
  kind: 'field',
  component: CascaderField,
  defaultProps: { dataType: 'static', options: [] },
  propsSchema: propsSchema({ ...COMMON_PROPS, ...OPTION_SOURCE_SCHEMA, paramList: PARAM_LIST_SCHEMA, childrenKey: { type: 'string' }, multiple: bool, filterable: bool, showAllLevels: bool }),
  value: { empty: [], shape: 'array' },
  flags: FIELD_FLAGS,
  propsFromDefinition: (field) => ({
    ...optionSource(field),
    ...interfaceSource(field),
    ...pick(field, { placeholder: 'placeholder', clearable: 'clearable', filterable: 'filterable', 'show-all-levels': 'showAllLevels', showAllLevels: 'showAllLevels' }),
    ...(field.props?.props?.multiple ? { multiple: true } : {}),
  }),
};
