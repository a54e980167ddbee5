import { TextInput } from '../components/inputs.js';
import { textCellText } from '../components/cellText.js';
import { COMMON_PROPS, FIELD_FLAGS, int, bool, labels, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Single-line text (V5: input). */
export const comInput: WidgetDefinition = {
  label: labels('单行输入', '單行輸入', 'Text'),
  kind: 'field',
  component: TextInput,
  defaultProps: { placeholder: '请输入', clearable: true },
  propsSchema: propsSchema({ ...COMMON_PROPS, maxLength: int, showCount: bool, prepend: str, append: str, prefixIcon: str, suffixIcon: str }),
  value: { empty: '', shape: 'string' },
  flags: FIELD_FLAGS,
  cellText: textCellText,
  propsFromDefinition: (field) => ({
    ...pick(field, { placeholder: 'placeholder', clearable: 'clearable', maxlength: 'maxLength', 'show-word-limit': 'showCount', 'prefix-icon': 'prefixIcon', 'suffix-icon': 'suffixIcon', prefixIcon: 'prefixIcon', suffixIcon: 'suffixIcon', showCount: 'showCount', maxLength: 'maxLength' }),
    ...(field.__slot__?.prepend ? { prepend: field.__slot__.prepend } : {}),
    ...(field.__slot__?.append ? { append: field.__slot__.append } : {}),
    ...(typeof field.addonBefore === 'string' && field.addonBefore ? { prepend: field.addonBefore } : {}),
    ...(typeof field.addonAfter === 'string' && field.addonAfter ? { append: field.addonAfter } : {}),
  }),
};
