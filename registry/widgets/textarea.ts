import { TextArea } from '../components/inputs.js';
import { COMMON_PROPS, FIELD_FLAGS, bool, int, labels, pick, propsSchema } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Multi-line text. */
export const textarea: WidgetDefinition = {
  label: labels('多行输入', '多行輸入', 'Text area'),
  kind: 'field',
  component: TextArea,
  defaultProps: { placeholder: '请输入', minRows: 4, maxRows: 4 },
  propsSchema: propsSchema({ ...COMMON_PROPS, maxLength: int, showCount: bool, minRows: int, maxRows: int }),
  value: { empty: '', shape: 'string' },
  flags: { ...FIELD_FLAGS, searchable: true },
  propsFromDefinition: (field) => {
    const autosize = (field.autosize ?? field.autoSize) as { minRows?: number; maxRows?: number } | undefined;
    return {
      ...pick(field, { placeholder: 'placeholder', maxlength: 'maxLength', maxLength: 'maxLength', 'show-word-limit': 'showCount', showCount: 'showCount' }),
      ...(autosize?.minRows ? { minRows: autosize.minRows } : {}),
      ...(autosize?.maxRows ? { maxRows: autosize.maxRows } : {}),
    };
  },
};
