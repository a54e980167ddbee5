import type { Language } from '../../../shared/language.js';

/** The mail module's messages, in zh, zhtw and en (JNPF's wording where it has one). */
export const emailMessages = {
  'email.notFound': { zh: '邮件不存在', zhtw: '郵件不存在', en: 'No such mail' },
  'email.subjectRequired': { zh: '请输入主题', zhtw: '請輸入主旨', en: 'Enter the subject' },
  'email.subjectTooLong': { zh: '主题最多为200个字符', zhtw: '主旨最多為200個字元', en: 'The subject has at most 200 characters' },
  'email.recipientRequired': { zh: '请输入收件人', zhtw: '請輸入收件人', en: 'Enter a recipient' },
  'email.recipientUnknown': { zh: '收件人不存在或已停用：{{name}}', zhtw: '收件人不存在或已停用：{{name}}', en: 'No enabled user has the address {{name}}' },
  'email.recipientsTooMany': { zh: '收件人最多{{max}}个', zhtw: '收件人最多{{max}}個', en: 'At most {{max}} recipients' },
  'email.attachmentInvalid': { zh: '附件格式不正确', zhtw: '附件格式不正確', en: 'The attachment list is not valid' },
  'email.typeInvalid': { zh: '获取失败', zhtw: '取得失敗', en: 'No such mailbox' },
  'email.noAccount': { zh: '你还没有设置邮件的帐户', zhtw: '你還沒有設定郵件的帳戶', en: 'No mail account is set up' },
  'email.sent': { zh: '发送成功', zhtw: '傳送成功', en: 'Sent' },
  'email.draftSaved': { zh: '保存成功', zhtw: '儲存成功', en: 'Saved' },
  'email.done': { zh: '操作成功', zhtw: '操作成功', en: 'Done' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    email: typeof emailMessages;
  }
}
