import { UploadField } from '../components/UploadField.js';
import { FIELD_FLAGS, bool, int, labels, num, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Image upload: a list of stored file items; limits and types are checked on selection. */
export const uploadImg: WidgetDefinition = {
  label: labels('图片上传', '圖片上傳', 'Image upload'),
  kind: 'field',
  component: UploadField,
  defaultProps: { image: true, limit: 0, fileSize: 10, sizeUnit: 'MB' },
  propsSchema: propsSchema({ disabled: bool, image: bool, limit: { ...int, minimum: 0 }, fileSize: { ...num, minimum: 0 }, sizeUnit: { enum: ['KB', 'MB', 'GB'] }, accept: str, buttonText: str, pathType: str }),
  value: { empty: [], shape: 'array' },
  flags: { ...FIELD_FLAGS, searchable: false, listColumn: false },
  propsFromDefinition: (field) => pick(field, { limit: 'limit', fileSize: 'fileSize', sizeUnit: 'sizeUnit', accept: 'accept', buttonText: 'buttonText', pathType: 'pathType' }),
};
