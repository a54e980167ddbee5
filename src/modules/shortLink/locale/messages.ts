import type { Language } from '../../../shared/language.js';

/** The shortLink module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const shortLinkMessages = {
  'shortLink.notFound': { zh: '链接不存在或已关闭', zhtw: '連結不存在或已關閉', en: 'This link does not exist or has been turned off' },
  'shortLink.expired': { zh: '链接已过期', zhtw: '連結已過期', en: 'This link has expired' },
  'shortLink.notReleased': { zh: '请先发布该功能，再开启外链填单', zhtw: '請先發佈該功能，再開啟外鏈填單', en: 'Release this design before its form is offered by link' },
  'shortLink.designNotFound': { zh: '功能不存在', zhtw: '功能不存在', en: 'No such design' },
  'shortLink.passwordRequired': { zh: '请输入密码', zhtw: '請輸入密碼', en: 'Enter the password' },
  'shortLink.passwordTooLong': { zh: '密码最多为20个字符', zhtw: '密碼最多為20個字元', en: 'A password has at most 20 characters' },
  'shortLink.passwordWrong': { zh: '密码错误', zhtw: '密碼錯誤', en: 'Wrong password' },
  'shortLink.passNeeded': { zh: '请先输入密码', zhtw: '請先輸入密碼', en: 'Enter the link’s password first' },
  'shortLink.captchaWrong': { zh: '验证码错误或已过期', zhtw: '驗證碼錯誤或已過期', en: 'The verification code is wrong or has expired' },
  'shortLink.expiryPast': { zh: '失效时间须晚于现在', zhtw: '失效時間須晚於現在', en: 'The expiry must be in the future' },
  'shortLink.unsupportedFields': {
    zh: '外链填单不支持需要登录才能读取的控件：{{fields}}',
    zhtw: '外鏈填單不支援需要登入才能讀取的控制項：{{fields}}',
    en: 'A form filled by link cannot hold fields that read the platform for signed-in users: {{fields}}',
  },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    shortLink: typeof shortLinkMessages;
  }
}
