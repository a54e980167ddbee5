import type { Language } from '../language.js';

/**
 * Messages of the submission rules the form never shows, because its widgets make the mistake impossible (an
 * input stops at its maximum length, a number input clamps to its range, a select offers only its options).
 * A server that refuses a submission still owes the sender a clear reason in the sender's language.
 * Required and pattern messages are not here: they are the form's own (validation/fieldValidation.ts).
 */
export type SubmissionMessageKey = 'maxLength' | 'belowMin' | 'aboveMax' | 'precision' | 'step' | 'option' | 'shape' | 'unknownField' | 'unknownWidget';

const MESSAGES: Record<SubmissionMessageKey, Record<Language, string>> = {
  maxLength: { zh: '最多{max}个字符', zhtw: '最多{max}個字元', en: 'has at most {max} characters' },
  belowMin: { zh: '不能小于{min}', zhtw: '不能小於{min}', en: 'must be at least {min}' },
  aboveMax: { zh: '不能大于{max}', zhtw: '不能大於{max}', en: 'must be at most {max}' },
  precision: { zh: '最多{precision}位小数', zhtw: '最多{precision}位小數', en: 'has at most {precision} decimals' },
  step: { zh: '须为{step}的倍数', zhtw: '須為{step}的倍數', en: 'must be a multiple of {step}' },
  option: { zh: '不是可选的选项', zhtw: '不是可選的選項', en: 'is not one of the options' },
  shape: { zh: '数据类型不正确', zhtw: '資料類型不正確', en: 'has the wrong type of value' },
  unknownField: { zh: '表单中没有此字段', zhtw: '表單中沒有此欄位', en: 'is not a field of this form' },
  unknownWidget: { zh: '控件类型未知，无法校验', zhtw: '控制項類型未知，無法校驗', en: 'has an unknown widget type and cannot be checked' },
};

export function submissionMessage(key: SubmissionMessageKey, language: Language, params: Record<string, string | number> = {}): string {
  return MESSAGES[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
