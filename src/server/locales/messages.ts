import type { Language } from '../../shared/language.js';

/**
 * Every message the server can answer, in the three languages. A key missing a language fails the unit test
 * tests/unit/serverMessages.test.ts, so no caller ever sees a key instead of a sentence.
 */
export const serverMessages = {
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
  'login.success': { zh: '登录成功', zhtw: '登入成功', en: 'Signed in' },
  'login.accountRequired': { zh: '请输入账号', zhtw: '請輸入帳號', en: 'Enter your account' },
  'login.passwordRequired': { zh: '请输入密码', zhtw: '請輸入密碼', en: 'Enter your password' },
  'login.passwordNotHashed': { zh: '密码应以 MD5 摘要提交', zhtw: '密碼應以 MD5 摘要提交', en: 'The password must be sent as its MD5 hex digest' },
  'login.wrongCredentials': { zh: '账号或密码错误', zhtw: '帳號或密碼錯誤', en: 'Wrong account or password' },
  'login.accountDisabled': { zh: '账号已被禁用，请联系管理员', zhtw: '帳號已被停用，請聯絡管理員', en: 'This account is disabled; contact the administrator' },
  'login.captchaRequired': { zh: '请输入验证码', zhtw: '請輸入驗證碼', en: 'Enter the verification code' },
  'login.captchaWrong': { zh: '验证码错误或已过期，请刷新后重试', zhtw: '驗證碼錯誤或已過期，請重新整理後重試', en: 'The verification code is wrong or expired; refresh it and try again' },
  'login.accountLocked': { zh: '登录失败次数过多，请 {{minutes}} 分钟后再试', zhtw: '登入失敗次數過多，請 {{minutes}} 分鐘後再試', en: 'Too many failed sign-ins; try again in {{minutes}} minutes' },
  'login.addressLocked': { zh: '该地址登录失败次数过多，请 {{minutes}} 分钟后再试', zhtw: '此位址登入失敗次數過多，請 {{minutes}} 分鐘後再試', en: 'Too many failed sign-ins from this address; try again in {{minutes}} minutes' },
  'login.unsupportedGrant': { zh: '不支持的登录方式：{{grantType}}', zhtw: '不支援的登入方式：{{grantType}}', en: 'Unsupported sign-in method: {{grantType}}' },
  'login.ssoNotConfigured': { zh: '单点登录尚未配置', zhtw: '單一登入尚未設定', en: 'Single sign-on is not configured' },
  'logout.success': { zh: '已退出登录', zhtw: '已登出', en: 'Signed out' },
  'lock.success': { zh: '已锁定屏幕', zhtw: '已鎖定螢幕', en: 'Screen locked' },
  'unlock.success': { zh: '已解锁', zhtw: '已解鎖', en: 'Unlocked' },
  'unlock.wrongAccount': { zh: '账号与当前登录用户不一致', zhtw: '帳號與目前登入使用者不一致', en: 'The account does not match the signed-in user' },
  'unlock.wrongPassword': { zh: '密码错误', zhtw: '密碼錯誤', en: 'Wrong password' },
  'captcha.badId': { zh: '验证码标识不正确', zhtw: '驗證碼標識不正確', en: 'Invalid verification code id' },
  'seed.passwordsRequired': {
    zh: '在 PostgreSQL 上初始化演示数据需要设置 ADMIN_PASSWORD 和 DEMO_USER_PASSWORD',
    zhtw: '在 PostgreSQL 上初始化示範資料需要設定 ADMIN_PASSWORD 和 DEMO_USER_PASSWORD',
    en: 'Seeding the demo data on PostgreSQL needs ADMIN_PASSWORD and DEMO_USER_PASSWORD',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof serverMessages;
export type MessageParams = Record<string, string | number>;

export function translate(language: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = serverMessages[key][language] ?? serverMessages[key].zh;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => (name in params ? String(params[name]) : ''));
}
