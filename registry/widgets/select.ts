import { SelectField } from '../components/inputs.js';
import { COMMON_PROPS, FIELD_FLAGS, OPTION_SOURCE_SCHEMA, bool, labels, optionSource, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';
import { PARAM_LIST_SCHEMA, interfaceSource } from '../interfaceSource.js';

/** Select: options from the definition (static), a dictionary, or a data interface. */
export const select: WidgetDefinition = {
  label: labels('下拉选择', '下拉選擇', 'Select'),
  kind: 'field',
  component: SelectField,
  defaultProps: { dataType: 'static', options: [] },
  propsSchema: propsSchema({ ...COMMON_PROPS, ...OPTION_SOURCE_SCHEMA, paramList: PARAM_LIST_SCHEMA, multiple: bool, filterable: bool }),
  value: { empty: null, shape: 'any' },
  flags: FIELD_FLAGS,
  propsFromDefinition: (field) => ({
    ...optionSource(field),
    ...interfaceSource(field),
    ...pick(field, { placeholder: 'placeholder', clearable: 'clearable', multiple: 'multiple', filterable: 'filterable', optionType: 'optionType' }),
  }),
};
