/**
 * Bill numbers (spec 001 §5): prefix + today in the rule's date format (nothing for "no") + the sequence number
 * left-padded with zeros to the rule's digit width. Shared, so the form's live example and the server agree.
 */
export const BILL_DATE_FORMATS = ['yyyyMMdd', 'yyyyMM', 'yyyy', 'no'] as const;
export type BillDateFormat = (typeof BILL_DATE_FORMATS)[number];

export function billDatePart(format: string, date: Date): string {
  const yyyy = String(date.getFullYear());
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  if (format === 'yyyyMMdd') return `${yyyy}${mm}${dd}`;
  if (format === 'yyyyMM') return `${yyyy}${mm}`;
  if (format === 'yyyy') return yyyy;
  return '';
}

export function formatBillNumber(rule: { prefix: string; dateFormat: string; digit: number }, sequence: number, date: Date): string {
  return `${rule.prefix}${billDatePart(rule.dateFormat, date)}${String(sequence).padStart(rule.digit, '0')}`;
}

/** The example shown on the rule form: the first number the rule would issue today. */
export function billRuleExample(rule: { prefix: string; dateFormat: string; digit: number; startNumber: string }, date = new Date()): string {
  if (!/^\d+$/.test(rule.startNumber ?? '')) return `${rule.prefix ?? ''}${billDatePart(rule.dateFormat, date)}`;
  return formatBillNumber(rule, Number(rule.startNumber), date);
}
