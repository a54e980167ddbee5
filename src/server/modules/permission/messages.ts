import type { Language } from '../../../shared/language.js';

/** The permission module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const permissionMessages = {
  'columns.badList': { zh: '列设置格式不正确', zhtw: '欄設定格式不正確', en: 'The column settings are malformed' },
  'columns.moduleNotFound': { zh: '功能模块不存在', zhtw: '功能模組不存在', en: 'No such module' },
} as const satisfies Record<string, Record<Language, string>>;
