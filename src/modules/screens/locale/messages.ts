import type { Language } from '../../../shared/language.js';

/** The screens module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const screensMessages = {
  'screen.notFound': { zh: '页面不存在：{{name}}', zhtw: '頁面不存在：{{name}}', en: 'No such screen: {{name}}' },
  'screen.broken': { zh: '页面定义不是有效的 JSON：{{name}}', zhtw: '頁面定義不是有效的 JSON：{{name}}', en: 'The screen definition is not valid JSON: {{name}}' },
  'screen.twice': { zh: '页面 {{name}} 在两个模块中重复定义：{{modules}}', zhtw: '頁面 {{name}} 在兩個模組中重複定義：{{modules}}', en: 'The screen {{name}} is defined by two modules: {{modules}}' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    screens: typeof screensMessages;
  }
}
