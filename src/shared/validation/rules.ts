import type { Language } from '../language.js';
import { CODE_MAX_LENGTH, NAME_MAX_LENGTH, SORT_CODE_MAX, SORT_CODE_MIN } from '../constants.js';

/**
 * The reusable validation rules of spec 000 §5, one module for client and server. Each rule is a pure test and
 * a message in the three languages (the spec's messages are Chinese; zh is the default).
 */
export interface ValidationRule {
  test(value: string): boolean;
  message: Record<Language, string>;
}

const pattern = (regex: RegExp) => (value: string) => regex.test(value);

/** Numbers and + - × ÷ alternating, with balanced parentheses: "1+(2×3)" yes, "1++2" and "(1+2" no. */
export function isFormula(value: string): boolean {
  const tokens = value.replace(/\s+/g, '').match(/\d+(\.\d+)?|[+\-×÷()]|./g);
  if (!tokens) return false;
  let depth = 0;
  let expectOperand = true;
  for (const token of tokens) {
    if (token === '(') {
      if (!expectOperand) return false;
      depth += 1;
    } else if (token === ')') {
      if (expectOperand || depth === 0) return false;
      depth -= 1;
    } else if (/^\d/.test(token)) {
      if (!expectOperand) return false;
      expectOperand = false;
    } else if ('+-×÷'.includes(token)) {
      if (expectOperand) return false;
      expectOperand = true;
    } else {
      return false;
    }
  }
  return depth === 0 && !expectOperand;
}

export const rules = {
  mobile: { test: pattern(/^1[3-9]\d{9}$/), message: { zh: '请输入正确的手机号码', zhtw: '請輸入正確的手機號碼', en: 'Enter a valid mobile number' } },
  password: {
    test: pattern(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,16}$/),
    message: { zh: '密码为6-16位，须同时包含字母和数字', zhtw: '密碼為6-16位，須同時包含字母和數字', en: 'The password needs 6–16 letters and digits, with both' },
  },
  idCard: {
    test: pattern(/^(\d{15}|\d{17}[\dXx])$/),
    message: { zh: '请输入正确的身份证号码', zhtw: '請輸入正確的身分證號碼', en: 'Enter a valid ID card number' },
  },
  email: {
    test: pattern(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/),
    message: { zh: '请输入正确的邮箱地址', zhtw: '請輸入正確的電子郵件地址', en: 'Enter a valid e-mail address' },
  },
  licencePlate: {
    test: pattern(/^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/),
    message: { zh: '请输入正确的车牌号', zhtw: '請輸入正確的車牌號', en: 'Enter a valid licence plate' },
  },
  chinese: { test: pattern(/^[\u4e00-\u9fa5]+$/), message: { zh: '请输入中文', zhtw: '請輸入中文', en: 'Use Chinese characters only' } },
  code: {
    test: pattern(/^[A-Za-z0-9]+(\.[A-Za-z0-9]+)*$/),
    message: { zh: '只能输入字母、数字、点，且不能以点开头或结尾', zhtw: '只能輸入字母、數字、點，且不能以點開頭或結尾', en: 'Letters, digits and dots only, not starting or ending with a dot' },
  },
  account: { test: pattern(/^[A-Za-z0-9]+$/), message: { zh: '只能输入字母和数字', zhtw: '只能輸入字母和數字', en: 'Letters and digits only' } },
  name: {
    test: pattern(/^[\p{L}\p{N}_\-\s()（）]+$/u),
    message: { zh: '不能含有特殊字符', zhtw: '不能含有特殊字元', en: 'No special characters' },
  },
  numericCode: { test: pattern(/^\d+$/), message: { zh: '只能输入数字', zhtw: '只能輸入數字', en: 'Digits only' } },
  halfStep: {
    test: (value: string) => /^\d+(\.\d+)?$/.test(value) && Number.isInteger(Number(value) * 2),
    message: { zh: '请输入整数或0.5的倍数', zhtw: '請輸入整數或0.5的倍數', en: 'Enter a whole number or a multiple of 0.5' },
  },
  positiveInteger: { test: pattern(/^[1-9]\d*$/), message: { zh: '请输入正整数', zhtw: '請輸入正整數', en: 'Enter a positive whole number' } },
  fieldName: {
    test: pattern(/^[A-Za-z][A-Za-z0-9_]*$/),
    message: { zh: '以字母开头，只能包含字母、数字、下划线', zhtw: '以字母開頭，只能包含字母、數字、底線', en: 'Start with a letter; letters, digits and underscores only' },
  },
  formula: { test: isFormula, message: { zh: '请输入正确的公式', zhtw: '請輸入正確的公式', en: 'Enter a valid formula' } },
  nameLength: {
    test: (value: string) => [...value].length <= NAME_MAX_LENGTH,
    message: { zh: `名称最多为${NAME_MAX_LENGTH}个字符`, zhtw: `名稱最多為${NAME_MAX_LENGTH}個字元`, en: `A name has at most ${NAME_MAX_LENGTH} characters` },
  },
  codeLength: {
    test: (value: string) => [...value].length <= CODE_MAX_LENGTH,
    message: { zh: `编码最多为${CODE_MAX_LENGTH}个字符`, zhtw: `編碼最多為${CODE_MAX_LENGTH}個字元`, en: `A code has at most ${CODE_MAX_LENGTH} characters` },
  },
  sortCode: {
    test: (value: string) => /^\d+$/.test(value) && Number(value) >= SORT_CODE_MIN && Number(value) <= SORT_CODE_MAX,
    message: { zh: `排序须为${SORT_CODE_MIN}到${SORT_CODE_MAX}之间的数字`, zhtw: `排序須為${SORT_CODE_MIN}到${SORT_CODE_MAX}之間的數字`, en: `Sort must be a number from ${SORT_CODE_MIN} to ${SORT_CODE_MAX}` },
  },
} as const satisfies Record<string, ValidationRule>;

export type RuleName = keyof typeof rules;

/** Runs one rule; an empty value passes (emptiness is the required rule's business). */
export function checkRule(name: RuleName, value: unknown, language: Language = 'zh'): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return rules[name].test(String(value)) ? undefined : rules[name].message[language];
}
