import type { Language } from '../../../shared/language.js';

/** The message module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const messageMessages = {
  'message.notFound': { zh: '消息不存在', zhtw: '訊息不存在', en: 'No such message' },
  'message.idsRequired': { zh: '请选择要删除的消息', zhtw: '請選擇要刪除的訊息', en: 'Choose the messages to delete' },
  'message.allRead': { zh: '已全部标为已读', zhtw: '已全部標為已讀', en: 'All messages are marked read' },
  'message.noneUnread': { zh: '没有未读消息', zhtw: '沒有未讀訊息', en: 'There are no unread messages' },
  'message.noticeNotFound': { zh: '公告不存在', zhtw: '公告不存在', en: 'No such notice' },
  'message.titleRequired': { zh: '请输入标题', zhtw: '請輸入標題', en: 'Enter the title' },
  'message.titleTooLong': { zh: '标题最多为200个字符', zhtw: '標題最多為200個字元', en: 'The title has at most 200 characters' },
  'message.categoryInvalid': { zh: '请选择公告类型', zhtw: '請選擇公告類型', en: 'Choose the notice type' },
  'message.bodyEscaped': { zh: '正文含有转义的标签，请重新编辑', zhtw: '正文含有轉義的標籤，請重新編輯', en: 'The text holds escaped markup; edit it again' },
  'message.expirationPast': { zh: '失效时间不能早于当前时间', zhtw: '失效時間不能早於目前時間', en: 'The expiry time cannot be in the past' },
  'message.expirationInvalid': { zh: '失效时间格式不正确', zhtw: '失效時間格式不正確', en: 'The expiry time is not a valid time' },
  'message.recipientsInvalid': { zh: '接收人不存在或已停用', zhtw: '接收人不存在或已停用', en: 'A recipient does not exist or is disabled' },
  'message.noticeReleased': { zh: '公告已发布，不能修改', zhtw: '公告已發佈，不能修改', en: 'The notice is released and can no longer be changed' },
  'message.released': { zh: '发布成功', zhtw: '發佈成功', en: 'Released' },
  'message.noRecipients': { zh: '没有可接收公告的用户', zhtw: '沒有可接收公告的使用者', en: 'No user can receive this notice' },
  'message.templateNotFound': { zh: '消息模板不存在', zhtw: '訊息範本不存在', en: 'No such message template' },
  'message.templateNameRequired': { zh: '请输入模板名称', zhtw: '請輸入範本名稱', en: 'Enter the template name' },
  'message.templateNameTooLong': { zh: '模板名称最多为50个字符', zhtw: '範本名稱最多為50個字元', en: 'The template name has at most 50 characters' },
  'message.templateCodeRequired': { zh: '请输入模板编码', zhtw: '請輸入範本編碼', en: 'Enter the template code' },
  'message.templateCodeTooLong': { zh: '模板编码最多为50个字符', zhtw: '範本編碼最多為50個字元', en: 'The template code has at most 50 characters' },
  'message.templateCodeTaken': { zh: '模板编码已存在', zhtw: '範本編碼已存在', en: 'This template code is already used' },
  'message.templateCodeReserved': { zh: '自定义模板的编码不能包含MBXT', zhtw: '自訂範本的編碼不能包含MBXT', en: 'A custom template code cannot contain MBXT' },
  'message.templateTypeInvalid': { zh: '请选择消息类型', zhtw: '請選擇訊息類型', en: 'Choose the message type' },
  'message.templateSourceInvalid': { zh: '请选择消息来源', zhtw: '請選擇訊息來源', en: 'Choose the message source' },
  'message.templateTitleRequired': { zh: '请输入消息标题', zhtw: '請輸入訊息標題', en: 'Enter the message title' },
  'message.paramInvalid': { zh: '参数名只能包含字母、数字和下划线，且以字母或下划线开头：{{field}}', zhtw: '參數名只能包含字母、數字和底線，且以字母或底線開頭：{{field}}', en: 'A parameter name holds letters, digits and underscores and starts with a letter or underscore: {{field}}' },
  'message.paramNameRequired': { zh: '请输入参数说明：{{field}}', zhtw: '請輸入參數說明：{{field}}', en: 'Describe the parameter {{field}}' },
  'message.paramDuplicate': { zh: '参数重复：{{field}}', zhtw: '參數重複：{{field}}', en: 'The parameter {{field}} is listed twice' },
  'message.paramUndeclared': { zh: '模板内容使用了未定义的参数：{{field}}', zhtw: '範本內容使用了未定義的參數：{{field}}', en: 'The template uses a parameter it does not declare: {{field}}' },
  'message.templateSystem': { zh: '系统模板不能删除', zhtw: '系統範本不能刪除', en: 'A system template cannot be deleted' },
  'message.dataTypeInvalid': { zh: '该类型数据为空', zhtw: '該類型資料為空', en: 'There is no data of this type' },
  'message.copied': { zh: '复制成功', zhtw: '複製成功', en: 'Copied' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    message: typeof messageMessages;
  }
}
