import type { Language } from '../../../shared/language.js';

/** The users module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const usersMessages = {
  'profile.notYours': { zh: '只能选择自己所属的组织或岗位', zhtw: '只能選擇自己所屬的組織或職位', en: 'Choose one of your own organisations or positions' },
  'profile.tooManySigns': { zh: '签名图片最多 {{n}} 张', zhtw: '簽名圖片最多 {{n}} 張', en: 'At most {{n}} signature images' },
  'password.changed': { zh: '密码修改成功', zhtw: '密碼修改成功', en: 'Password changed' },
  'password.oldRequired': { zh: '旧密码不能为空', zhtw: '舊密碼不能為空', en: 'The old password is required' },
  'password.newRequired': { zh: '新密码不能为空', zhtw: '新密碼不能為空', en: 'The new password is required' },
  'password.codeRequired': { zh: '验证码不能为空', zhtw: '驗證碼不能為空', en: 'The verification code is required' },
  'password.oldWrong': { zh: '旧密码错误', zhtw: '舊密碼錯誤', en: 'The old password is wrong' },
  'password.same': { zh: '新密码不能与旧密码相同', zhtw: '新密碼不能與舊密碼相同', en: 'The new password must differ from the old one' },
  'password.sealMissing': { zh: '密码未按要求加密提交，请刷新页面后重试', zhtw: '密碼未按要求加密提交，請重新整理頁面後重試', en: 'The password was not sent sealed; reload the page and try again' },
  'password.sealMismatch': { zh: '密码摘要与加密内容不一致', zhtw: '密碼摘要與加密內容不一致', en: 'The password hash does not match the sealed password' },
  'password.tooShort': { zh: '新密码长度不能小于{{n}}位', zhtw: '新密碼長度不能小於{{n}}位', en: 'The new password must be at least {{n}} characters' },
  'password.tooLong': { zh: '新密码长度不能大于{{n}}位', zhtw: '新密碼長度不能大於{{n}}位', en: 'The new password must be at most {{n}} characters' },
  'password.needsDigit': { zh: '新密码必须包含数字', zhtw: '新密碼必須包含數字', en: 'The new password must contain a digit' },
  'password.needsLowercase': { zh: '新密码必须包含小写字母', zhtw: '新密碼必須包含小寫字母', en: 'The new password must contain a lowercase letter' },
  'password.needsUppercase': { zh: '新密码必须包含大写字字母', zhtw: '新密碼必須包含大寫字母', en: 'The new password must contain an uppercase letter' },
  'password.needsCharacter': { zh: '新密码必须包含字符', zhtw: '新密碼必須包含字元', en: 'The new password must contain a special character' },
  'password.notHashed': { zh: '密码应以 MD5 摘要提交', zhtw: '密碼應以 MD5 摘要提交', en: 'The password must be sent as its MD5 hex digest' },
  'password.captchaWrong': { zh: '验证码错误或已过期，请刷新后重试', zhtw: '驗證碼錯誤或已過期，請重新整理後重試', en: 'The verification code is wrong or expired; refresh it and try again' },
} as const satisfies Record<string, Record<Language, string>>;
