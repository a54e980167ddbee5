import type { Language } from '../../../shared/language.js';

/** The oauth module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const oauthMessages = {
  'login.success': { zh: '登录成功', zhtw: '登入成功', en: 'Signed in' },
  'login.accountRequired': { zh: '请输入账号', zhtw: '請輸入帳號', en: 'Enter your account' },
  'login.passwordRequired': { zh: '请输入密码', zhtw: '請輸入密碼', en: 'Enter your password' },
  'login.passwordNotHashed': { zh: '密码应以 MD5 摘要提交', zhtw: '密碼應以 MD5 摘要提交', en: 'The password must be sent as its MD5 hex digest' },
  'login.wrongCredentials': { zh: '账号或密码错误', zhtw: '帳號或密碼錯誤', en: 'Wrong account or password' },
  'login.accountDisabled': { zh: '账号已被禁用，请联系管理员', zhtw: '帳號已被停用，請聯絡管理員', en: 'This account is disabled; contact the administrator' },
  'login.captchaRequired': { zh: '请输入验证码', zhtw: '請輸入驗證碼', en: 'Enter the verification code' },
  'login.captchaWrong': { zh: '验证码错误或已过期，请刷新后重试', zhtw: '驗證碼錯誤或已過期，請重新整理後重試', en: 'The verification code is wrong or expired; refresh it and try again' },
  'login.userLocked': { zh: '账号已被锁定，请联系管理员解锁', zhtw: '帳號已被鎖定，請聯絡管理員解鎖', en: 'This account is locked; ask the administrator to unlock it' },
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
  'sms.sent': { zh: '验证码已发送', zhtw: '驗證碼已傳送', en: 'The code has been sent' },
  'sms.mobileInvalid': { zh: '请输入正确的手机号码', zhtw: '請輸入正確的手機號碼', en: 'Enter a valid mobile number' },
  'sms.mobileRequired': { zh: '请输入手机号码', zhtw: '請輸入手機號碼', en: 'Enter your mobile number' },
  'sms.codeRequired': { zh: '请输入短信验证码', zhtw: '請輸入簡訊驗證碼', en: 'Enter the code from the SMS' },
  'sms.ambiguous': { zh: '该手机号对应多个账号，请使用账号密码登录', zhtw: '此手機號碼對應多個帳號，請使用帳號密碼登入', en: 'Several accounts use this mobile number; sign in with your account name' },
  'sms.sendFailed': { zh: '短信发送失败，请稍后重试', zhtw: '簡訊傳送失敗，請稍後重試', en: 'The SMS could not be sent; try again later' },
  'sms.codeWrong': { zh: '短信验证码错误或已过期', zhtw: '簡訊驗證碼錯誤或已過期', en: 'The SMS code is wrong or expired' },
  'sms.wait': { zh: '验证码已发送，请 {{seconds}} 秒后再重新发送', zhtw: '驗證碼已傳送，請 {{seconds}} 秒後再重新傳送', en: 'A code was just sent; resend in {{seconds}} seconds' },
  'sms.tooManyForMobile': { zh: '该号码获取验证码过于频繁，请一小时后再试', zhtw: '此號碼取得驗證碼過於頻繁，請一小時後再試', en: 'Too many codes for this number; try again in an hour' },
  'sms.tooManyForAddress': { zh: '获取验证码过于频繁，请一小时后再试', zhtw: '取得驗證碼過於頻繁，請一小時後再試', en: 'Too many codes requested from this address; try again in an hour' },
  'scan.ticketInvalid': { zh: '二维码已失效，请刷新后重新扫描', zhtw: 'QR 碼已失效，請重新整理後再掃描', en: 'The QR code has expired; refresh it and scan again' },
  'oauth.tooManyRequests': { zh: '请求过于频繁，请 {{seconds}} 秒后再试', zhtw: '請求過於頻繁，請 {{seconds}} 秒後再試', en: 'Too many requests; try again in {{seconds}} seconds' },
  'scan.confirmed': { zh: '已确认登录', zhtw: '已確認登入', en: 'Sign-in confirmed' },
  'sso.ticketInvalid': { zh: '单点登录凭据无效或已过期，请重新登录', zhtw: '單一登入憑據無效或已過期，請重新登入', en: 'The single sign-on ticket is invalid or expired; sign in again' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    oauth: typeof oauthMessages;
  }
}
