import { UploadImage } from '../components/UploadImage.js';
import { FIELD_FLAGS, bool, int, labels, num, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** Image upload: a list of stored image items, each sent whole; limits and the image type are checked on selection. */
export const uploadImg: WidgetDefinition = {
  label: labels('图片上传', '圖片上傳', 'Image upload'),
  kind: 'field',
  component: UploadImage,
  defaultProps: { image: true, limit: 0, fileSize: 10, sizeUnit: 'MB' },
  propsSchema: propsSchema({ disabled: bool, image: bool, limit: { ...int, minimum: 0 }, fileSize: { ...num, minimum: 0 }, sizeUnit: { enum: ['KB', 'MB', 'GB'] }, accept: str, buttonText: str, pathType: str, type: str, isAccount: { enum: [0, 1, '0', '1'] }, folder: str, tipText: str }),
  value: { empty: [], shape: 'array' },
  flags: { ...FIELD_FLAGS, searchable: false, listColumn: false },
  propsFromDefinition: (field) => pick(field, { limit: 'limit', fileSize: 'fileSize', sizeUnit: 'sizeUnit', accept: 'accept', buttonText: 'buttonText', pathType: 'pathType', type: 'type', isAccount: 'isAccount', folder: 'folder', tipText: 'tipText' }),
};
