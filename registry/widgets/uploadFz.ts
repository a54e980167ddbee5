import { UploadField } from '../components/UploadField.js';
import { FIELD_FLAGS, bool, int, labels, num, pick, propsSchema, str } from '../define.js';
import type { WidgetDefinition } from '../types.js';

/** File upload: a list of stored file items, sent in resumable chunks; limits and types are checked on selection. */
export const uploadFz: WidgetDefinition = {
  label: labels('文件上传', '檔案上傳', 'File upload'),
  kind: 'field',
  component: UploadField,
  defaultProps: { image: false, limit: 0, fileSize: 10, sizeUnit: 'MB' },
  propsSchema: propsSchema({ disabled: bool, image: bool, limit: { ...int, minimum: 0 }, fileSize: { ...num, minimum: 0 }, sizeUnit: { enum: ['KB', 'MB', 'GB'] }, accept: str, buttonText: str, pathType: str, type: str, isAccount: { enum: [0, 1, '0', '1'] }, folder: str, tipText: str }),
  value: { empty: [], shape: 'array' },
  flags: { ...FIELD_FLAGS, searchable: false, listColumn: false },
  propsFromDefinition: (field) => pick(field, { limit: 'limit', fileSize: 'fileSize', sizeUnit: 'sizeUnit', accept: 'accept', buttonText: 'buttonText', pathType: 'pathType', type: 'type', isAccount: 'isAccount', folder: 'folder', tipText: 'tipText' }),
};
