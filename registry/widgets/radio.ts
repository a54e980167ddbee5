import { RadioField } from '../components/inputs.js';
import { COMMON_PROPS, FIELD_FLAGS, OPTION_SOURCE_SCHEMA, labels, optionSource, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';
import { PARAM_LIST_SCHEMA, interfaceSource } from '../interfaceSource.js';

/** Radio group: options from the definition (static), a dictionary, or a data interface. */
export const radio: WidgetDefinition = {
  label: labels('单选框组', '單選框組', 'Radio group'),
  kind: 'field',
  component: RadioField,
  defaultProps: { dataType: 'static', options: [] },
  propsSchema: propsSchema({ ...COMMON_PROPS, ...OPTION_SOURCE_SCHEMA, paramList: PARAM_LIST_SCHEMA, optionType: str }),
  value: { empty: null, shape: 'any' },
  flags: FIELD_FLAGS,
  propsFromDefinition: (field) => ({
    ...optionSource(field),
    ...interfaceSource(field),
    ...pick(field, { placeholder: 'placeholder', clearable: 'clearable', multiple: 'multiple', filterable: 'filterable', optionType: 'optionType' }),
  }),
};
