/** The messages of code generation (spec 001 §7 Generator), in zh, zhtw and en. */
export const generatorMessages = {
  'generator.unknownWidget': {
    zh: '无法生成代码：字段 {{field}} 使用了未知控件 {{widget}}',
    zhtw: '無法生成程式碼：欄位 {{field}} 使用了未知控制項 {{widget}}',
    en: 'Cannot generate code: the field {{field}} uses the unknown widget {{widget}}',
  },
  'generator.noForm': {
    zh: '无法生成代码：功能设计还没有表单',
    zhtw: '無法生成程式碼：功能設計還沒有表單',
    en: 'Cannot generate code: the design has no form yet',
  },
} as const;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    generator: typeof generatorMessages;
  }
}
