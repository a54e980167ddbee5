import { CheckboxField } from '../components/inputs.js';
import { COMMON_PROPS, FIELD_FLAGS, OPTION_SOURCE_SCHEMA, labels, optionSource, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';
import { PARAM_LIST_SCHEMA, interfaceSource } from '../interfaceSource.js';

/** Checkbox group: options from the definition (static), a dictionary, or a data interface. */
export const checkbox: WidgetDefinition = {
  label: labels('多选框组', '多選框組', 'Checkbox group'),
  kind: 'field',
  component: CheckboxField,
  defaultProps: { dataType: 'static', options: [] },
  propsSchema: propsSchema({ ...COMMON_PROPS, ...OPTION_SOURCE_SCHEMA, paramList: PARAM_LIST_SCHEMA }),
  value: { empty: [], shape: 'array' },
  flags: FIELD_FLAGS,
  propsFromDefinition: (field) => ({
    ...optionSource(field),
    ...interfaceSource(field),
    ...pick(field, { placeholder: 'placeholder', clearable: 'clearable', multiple: 'multiple', filterable: 'filterable', optionType: 'optionType' }),
  }),
};
