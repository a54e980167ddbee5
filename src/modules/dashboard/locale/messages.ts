import type { Language } from '../../../shared/language.js';

/** The dashboard module's messages, in zh, zhtw and en. */
export const dashboardMessages = {
  'dashboard.cardUnknown': { zh: '没有这个卡片：{{id}}', zhtw: '沒有這個卡片：{{id}}', en: 'There is no card {{id}}' },
  'dashboard.cardDuplicate': { zh: '卡片重复：{{id}}', zhtw: '卡片重複：{{id}}', en: 'The card {{id}} is listed twice' },
  'dashboard.quickLinksTooMany': { zh: '快捷入口最多{{max}}个', zhtw: '快捷入口最多{{max}}個', en: 'At most {{max}} quick links' },
  'dashboard.quickLinkInvalid': { zh: '快捷入口不正确', zhtw: '快捷入口不正確', en: 'A quick link is not valid' },
  'dashboard.saved': { zh: '布局已保存', zhtw: '佈局已儲存', en: 'Layout saved' },
  'dashboard.reset': { zh: '已恢复默认布局', zhtw: '已恢復預設佈局', en: 'The default layout is back' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    dashboard: typeof dashboardMessages;
  }
}
