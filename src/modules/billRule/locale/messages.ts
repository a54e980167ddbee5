import type { Language } from '../../../shared/language.js';

/** The billRule module's messages, in zh, zhtw and en (the envelope translates them per caller). */
export const billRuleMessages = {
  'billRule.notFound': { zh: '单据规则不存在', zhtw: '單據規則不存在', en: 'No such numbering rule' },
  'billRule.nameRequired': { zh: '请输入业务名称', zhtw: '請輸入業務名稱', en: 'Enter the business name' },
  'billRule.nameTooLong': { zh: '业务名称最多为50个字符', zhtw: '業務名稱最多為50個字元', en: 'The business name has at most 50 characters' },
  'billRule.codeRequired': { zh: '请输入业务编码', zhtw: '請輸入業務編碼', en: 'Enter the business code' },
  'billRule.codeTooLong': { zh: '业务编码最多为50个字符', zhtw: '業務編碼最多為50個字元', en: 'The business code has at most 50 characters' },
  'billRule.categoryRequired': { zh: '请选择业务分类', zhtw: '請選擇業務分類', en: 'Choose a business category' },
  'billRule.prefixRequired': { zh: '请输入前缀', zhtw: '請輸入前綴', en: 'Enter the prefix' },
  'billRule.prefixTooLong': { zh: '前缀最多为50个字符', zhtw: '前綴最多為50個字元', en: 'The prefix has at most 50 characters' },
  'billRule.dateFormatRequired': { zh: '请选择日期格式', zhtw: '請選擇日期格式', en: 'Choose the date format' },
  'billRule.digitInvalid': { zh: '流水位数须为1到9之间的整数', zhtw: '流水位數須為1到9之間的整數', en: 'The number of digits must be a whole number from 1 to 9' },
  'billRule.startNumberInvalid': { zh: '流水起始只能是数字，且不能全为0', zhtw: '流水起始只能是數字，且不能全為0', en: 'The start number must be digits, not all zeros' },
  'billRule.startNumberTooLong': { zh: '流水起始不能超过流水位数', zhtw: '流水起始不能超過流水位數', en: 'The start number cannot have more digits than the rule' },
  'billRule.codeTaken': { zh: '业务编码已存在', zhtw: '業務編碼已存在', en: 'This business code is already used' },
  'billRule.disabled': { zh: '单据规则已停用：{{code}}', zhtw: '單據規則已停用：{{code}}', en: 'The numbering rule {{code}} is disabled' },
  'billRule.exhausted': { zh: '流水号已用尽：{{code}}', zhtw: '流水號已用盡：{{code}}', en: 'The numbering rule {{code}} has run out of numbers' },
} as const satisfies Record<string, Record<Language, string>>;

declare module '../../../kernel/server/locales/messages.js' {
  interface ModuleMessages {
    billRule: typeof billRuleMessages;
  }
}
