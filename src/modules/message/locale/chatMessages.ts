import type { Language } from '../../../shared/language.js';

/** The chat's messages (socket error frames and the imreply calls), in zh, zhtw and en. */
export const chatMessages = {
  'chat.empty': { zh: '不能发送空白消息', zhtw: '不能傳送空白訊息', en: 'An empty message cannot be sent' },
  'chat.tooLong': { zh: '消息最多为{{limit}}个字符', zhtw: '訊息最多為{{limit}}個字元', en: 'A message has at most {{limit}} characters' },
  'chat.typeInvalid': { zh: '不支持的消息类型', zhtw: '不支援的訊息類型', en: 'This kind of message cannot be sent' },
  'chat.imageInvalid': { zh: '图片不存在，请重新上传', zhtw: '圖片不存在，請重新上傳', en: 'The image is not there; upload it again' },
  'chat.userInvalid': { zh: '联系人不存在或已停用', zhtw: '聯絡人不存在或已停用', en: 'This contact does not exist or is disabled' },
  'chat.self': { zh: '不能给自己发送消息', zhtw: '不能傳訊息給自己', en: 'You cannot send a message to yourself' },
  'chat.notSignedIn': { zh: '请重新登录', zhtw: '請重新登入', en: 'Please sign in again' },
  'chat.conversationNotFound': { zh: '会话不存在', zhtw: '會話不存在', en: 'No such conversation' },
  'chat.recordsCleared': { zh: '聊天记录已清空', zhtw: '聊天記錄已清空', en: 'The chat records are cleared' },
  'chat.removed': { zh: '会话已移除', zhtw: '會話已移除', en: 'The conversation is removed' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    chat: typeof chatMessages;
  }
}
