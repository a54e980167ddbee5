import { lazyWidget } from '../lazyWidget.js';
import { FIELD_FLAGS, bool, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';
import type { FieldDefinition } from '../../src/shared/form/definition.js';

/**
 * Dictionary picker (数据字典, spec 001 §2): an entry of the category in __config__.dictionaryType, stored by id (or
 * by code where props.props.value or __config__.props.value is enCode); with no category, a category. `x-picks` tells the designer's
 * panel to offer the dictionary's categories rather than a text box.
 */
const valueKeyOf = (field: FieldDefinition): unknown => {
  const value = field.props?.props?.value ?? field.__config__?.props?.value;
  return value === null ? undefined : value;
};

export const dicSelect: WidgetDefinition = {
  label: labels('数据字典', '資料字典', 'Dictionary picker'),
  kind: 'field',
  component: lazyWidget(() => import('../components/pickers/index.js').then((m) => m.DictionaryPicker)),
  defaultProps: { clearable: true },
  propsSchema: propsSchema({ placeholder: str, disabled: bool, clearable: bool, dictionaryType: { ...str, 'x-picks': 'dictionaryType' }, propsValue: { enum: ['id', 'enCode'] } }),
  value: { empty: null, shape: 'any' },
  flags: { ...FIELD_FLAGS, searchable: false },
  propsFromDefinition: (field) => ({
    ...pick(field, { placeholder: 'placeholder', clearable: 'clearable' }),
    ...(field.__config__?.dictionaryType !== undefined && field.__config__?.dictionaryType !== null ? { dictionaryType: field.__config__.dictionaryType } : {}),
    // Where selects keep it (props.props, V3's forms), else __config__.props.
    ...(valueKeyOf(field) !== undefined ? { propsValue: valueKeyOf(field) } : {}),
  }),
};
