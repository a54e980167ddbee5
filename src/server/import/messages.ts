import type { Language } from '../../shared/language.js';

/**
 * The generic import's messages (spec 001 bulk import). They are shared by every module that imports, so they
 * belong with the common messages; until they move there the users module registers them (its messages spread
 * these), which keeps one owner per key.
 */
export const importMessages = {
  'import.wrongType': { zh: '请上传 .xls 或 .xlsx 格式的文件', zhtw: '請上傳 .xls 或 .xlsx 格式的檔案', en: 'Upload an .xls or .xlsx file' },
  'import.oldXls': {
    zh: '无法读取旧版 Excel 97-2003（.xls）文件，请在 Excel 中另存为 .xlsx 后上传',
    zhtw: '無法讀取舊版 Excel 97-2003（.xls）檔案，請在 Excel 中另存為 .xlsx 後上傳',
    en: 'Old Excel 97-2003 (.xls) files cannot be read; save it as .xlsx in Excel and upload that',
  },
  'import.unreadable': { zh: '文件已损坏或不是有效的 Excel 文件', zhtw: '檔案已損壞或不是有效的 Excel 檔案', en: 'The file is damaged or not a valid Excel workbook' },
  'import.tooManyRows': { zh: '导入数据不能超过{{limit}}条，当前{{count}}条', zhtw: '匯入資料不能超過{{limit}}筆，目前{{count}}筆', en: 'At most {{limit}} rows can be imported; this has {{count}}' },
  'import.empty': { zh: '导入数据为空', zhtw: '匯入資料為空', en: 'The import data is empty' },
  'import.missingColumns': { zh: '模板不正确，缺少列：{{columns}}，请下载模板后填写', zhtw: '範本不正確，缺少欄：{{columns}}，請下載範本後填寫', en: 'Wrong template: missing columns {{columns}}; download the template and fill it in' },
  'import.rowProblem': { zh: '第{{row}}行 {{column}}：{{reason}}', zhtw: '第{{row}}行 {{column}}：{{reason}}', en: 'Row {{row}} {{column}}: {{reason}}' },
  'import.rowFailure': { zh: '第{{row}}行：{{reason}}', zhtw: '第{{row}}行：{{reason}}', en: 'Row {{row}}: {{reason}}' },
  'import.errorColumn': { zh: '错误信息', zhtw: '錯誤資訊', en: 'Error' },
  'import.required': { zh: '不能为空', zhtw: '不能為空', en: 'is required' },
  'import.tooLong': { zh: '长度不能超过{{limit}}个字符', zhtw: '長度不能超過{{limit}}個字元', en: 'must be at most {{limit}} characters' },
  'import.imported': { zh: '导入成功', zhtw: '匯入成功', en: 'Imported' },
  'import.partlyImported': { zh: '导入完成，成功{{snum}}条，失败{{fnum}}条', zhtw: '匯入完成，成功{{snum}}筆，失敗{{fnum}}筆', en: 'Import finished: {{snum}} imported, {{fnum}} failed' },
} as const satisfies Record<string, Record<Language, string>>;
