import type { Language } from '../../../shared/language.js';

/**
 * The messages every module shares (envelope errors, validation, sessions, uploads, the common answers), in the
 * three languages. Each module keeps its own in its folder (modules/<name>/messages.ts); registerMessages adds
 * them when the module list loads, and MessageKey is the union of all, so a key that exists nowhere fails to
 * compile and the translation test (tests/kernel/api/serverMessages.test.ts) checks every language is there.
 */
export const commonMessages = {
  'common.success': { zh: '操作成功', zhtw: '操作成功', en: 'Done' },
  'error.notFound': { zh: '请求的接口不存在：{{method}} {{url}}', zhtw: '請求的介面不存在：{{method}} {{url}}', en: 'No such API: {{method}} {{url}}' },
  'error.invalidJson': { zh: '请求内容不是有效的 JSON', zhtw: '請求內容不是有效的 JSON', en: 'The request body is not valid JSON' },
  'error.emptyJson': { zh: '请求内容为空', zhtw: '請求內容為空', en: 'The request body is empty' },
  'error.tooLarge': { zh: '请求内容过大，上限为 {{limit}}', zhtw: '請求內容過大，上限為 {{limit}}', en: 'The request body is too large; the limit is {{limit}}' },
  'error.unsupportedType': { zh: '不支持的请求格式：{{type}}', zhtw: '不支援的請求格式：{{type}}', en: 'Unsupported request format: {{type}}' },
  'error.badRequest': { zh: '请求格式错误', zhtw: '請求格式錯誤', en: 'Malformed request' },
  'error.validation': { zh: '参数 {{field}} 不正确：{{reason}}', zhtw: '參數 {{field}} 不正確：{{reason}}', en: 'Parameter {{field}} is invalid: {{reason}}' },
  'error.server': { zh: '服务器出错了，请稍后重试', zhtw: '伺服器出錯了，請稍後重試', en: 'Something went wrong on the server; please try again later' },
  'error.database': { zh: '数据库暂时不可用，请稍后重试', zhtw: '資料庫暫時無法使用，請稍後重試', en: 'The database is unavailable for the moment; please try again later' },
  'error.conflict': { zh: '数据已存在或已被修改，请刷新后重试', zhtw: '資料已存在或已被修改，請重新整理後重試', en: 'The record already exists or was changed; refresh and try again' },
  'error.forbidden': { zh: '权限不足，请联系管理员', zhtw: '權限不足，請聯絡管理員', en: 'Insufficient permission, contact the administrator' },
  'error.controlCharacter': { zh: '请求中含有不允许的控制字符', zhtw: '請求中含有不允許的控制字元', en: 'The request contains a control character that is not allowed' },
  'error.badUrl': { zh: '请求地址格式错误', zhtw: '請求位址格式錯誤', en: 'The request address is malformed' },
  'error.headersTooLarge': { zh: '请求头过大', zhtw: '請求標頭過大', en: 'The request headers are too large' },
  'error.methodNotAllowed': { zh: '不支持的请求方法：{{method}}', zhtw: '不支援的請求方法：{{method}}', en: 'Unsupported request method: {{method}}' },
  'error.tooFast': { zh: '操作过于频繁，请稍后再试', zhtw: '操作過於頻繁，請稍後再試', en: 'Too many at once; wait a moment and try again' },
  'validation.repeated': { zh: '只能提供一次', zhtw: '只能提供一次', en: 'may be given only once' },
  'validation.required': { zh: '不能为空', zhtw: '不能為空', en: 'is required' },
  'validation.tooLong': { zh: '长度不能超过 {{limit}} 个字符', zhtw: '長度不能超過 {{limit}} 個字元', en: 'must be at most {{limit}} characters' },
  'validation.tooShort': { zh: '长度不能少于 {{limit}} 个字符', zhtw: '長度不能少於 {{limit}} 個字元', en: 'must be at least {{limit}} characters' },
  'validation.pattern': { zh: '格式不正确', zhtw: '格式不正確', en: 'has the wrong format' },
  'validation.type': { zh: '类型应为 {{type}}', zhtw: '類型應為 {{type}}', en: 'must be a {{type}}' },
  'validation.enum': { zh: '取值应为 {{values}} 之一', zhtw: '取值應為 {{values}} 之一', en: 'must be one of {{values}}' },
  'validation.range': { zh: '超出允许范围', zhtw: '超出允許範圍', en: 'is out of range' },
  'validation.invalid': { zh: '取值无效', zhtw: '取值無效', en: 'is invalid' },
  'session.missing': { zh: '尚未登录或登录已过期，请重新登录', zhtw: '尚未登入或登入已過期，請重新登入', en: 'You are not signed in or your session expired; please sign in again' },
  'session.expired': { zh: '登录已过期，请重新登录', zhtw: '登入已過期，請重新登入', en: 'Your session expired; please sign in again' },
  'session.revoked': { zh: '登录状态已失效（已退出或被强制下线），请重新登录', zhtw: '登入狀態已失效（已登出或被強制下線），請重新登入', en: 'This session has ended (signed out or revoked); please sign in again' },
  'session.invalid': { zh: '登录凭证无效，请重新登录', zhtw: '登入憑證無效，請重新登入', en: 'The sign-in token is not valid; please sign in again' },
  'session.passwordChangeRequired': { zh: '请先修改初始密码', zhtw: '請先修改初始密碼', en: 'Change your initial password first' },
  'record.sortOutOfRange': { zh: '排序须为0到999999之间的数字', zhtw: '排序須為0到999999之間的數字', en: 'Sort must be a number from 0 to 999999' },
  'upload.notImage': { zh: '请上传 PNG、JPG、GIF 或 WEBP 图片', zhtw: '請上傳 PNG、JPG、GIF 或 WEBP 圖片', en: 'Upload a PNG, JPG, GIF or WEBP image' },
  'common.uploaded': { zh: '上传成功', zhtw: '上傳成功', en: 'Uploaded' },
  'upload.notFound': { zh: '文件不存在或已过期', zhtw: '檔案不存在或已過期', en: 'The file does not exist or has expired' },
  'upload.required': { zh: '请选择要上传的文件', zhtw: '請選擇要上傳的檔案', en: 'Choose a file to upload' },
  'upload.tooLarge': { zh: '文件大小不能超过{{limit}}', zhtw: '檔案大小不能超過{{limit}}', en: 'The file cannot exceed {{limit}}' },
  'common.created': { zh: '新建成功', zhtw: '新建成功', en: 'Created' },
  'common.updated': { zh: '更新成功', zhtw: '更新成功', en: 'Updated' },
  'common.deleted': { zh: '删除成功', zhtw: '刪除成功', en: 'Deleted' },
  'common.stateChanged': { zh: '状态已更新', zhtw: '狀態已更新', en: 'Status changed' },
  'seed.passwordsRequired': {
    zh: '在 PostgreSQL 上初始化演示数据需要设置 ADMIN_PASSWORD 和 DEMO_USER_PASSWORD',
    zhtw: '在 PostgreSQL 上初始化示範資料需要設定 ADMIN_PASSWORD 和 DEMO_USER_PASSWORD',
    en: 'Seeding the demo data on PostgreSQL needs ADMIN_PASSWORD and DEMO_USER_PASSWORD',
  },
  // The generic import (src/kernel/server/import), usable by any module that imports rows.
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
  'import.notCommitted': { zh: '导入失败，没有导入任何数据，请修改后重新导入', zhtw: '匯入失敗，沒有匯入任何資料，請修改後重新匯入', en: 'The import failed and imported nothing; correct the data and import again' },
  // The permission plugin's: a write setting form fields the caller was not granted (spec 000 §6).
  'fieldPermission.fieldsNotGranted': { zh: '无权修改以下字段：{{fields}}', zhtw: '無權修改以下欄位：{{fields}}', en: 'You may not change these fields: {{fields}}' },
} as const satisfies Record<string, Record<Language, string>>;

/**
 * Every module's message table, by name. The kernel names none: each module's messages.ts adds its own with
 *
 *   declare module '<path>/kernel/server/locales/messages.js' { interface ModuleMessages { users: typeof usersMessages } }
 *
 * so MessageKey is checked at compile time against every module's keys (each tsconfig that checks server code
 * includes the modules' messages.ts files).
 */
export interface ModuleMessages {}
type ModuleMessageKey = { [M in keyof ModuleMessages]: keyof ModuleMessages[M] }[keyof ModuleMessages];

export type MessageKey = keyof typeof commonMessages | (ModuleMessageKey & string);
export type MessageParams = Record<string, string | number>;

const table = new Map<string, Record<Language, string>>(Object.entries(commonMessages));

/** Adds a module's messages; two modules claiming one key is a programming error, caught at start. */
export function registerMessages(messages: Record<string, Record<Language, string>>): void {
  for (const [key, texts] of Object.entries(messages)) {
    const existing = table.get(key);
    if (existing && existing !== texts) throw new Error(`Server message ${key} is defined twice`);
    table.set(key, texts);
  }
}

/** Every registered message, for the translation test. */
export const allMessages = (): ReadonlyMap<string, Record<Language, string>> => table;

export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const texts = table.get(key);
  // A key whose module is not loaded (a unit test without the module list) still shows something readable.
  if (!texts) return key;
  const template = texts[language] ?? texts.zh;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (name in params ? String(params[name]) : ''));
}
