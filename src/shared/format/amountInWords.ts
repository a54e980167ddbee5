/**
 * An amount in Chinese capital numerals, as on a cheque: 1234.5 → 壹仟贰佰叁拾肆元伍角. More than 12 integer
 * digits answers the spec's 'amount too large to calculate' (spec 000 §8).
 */
export const AMOUNT_TOO_LARGE = '金额过大，无法计算';
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿'];

export function amountInWords(input: number | string | null | undefined): string {
  if (input === null || input === undefined || input === '') return '';
  const value = typeof input === 'number' ? input : Number(String(input).replace(/,/g, ''));
  if (!Number.isFinite(value)) return '';
  const negative = value < 0;
  const [integerText, fractionText = ''] = Math.abs(value).toFixed(2).split('.');
  if (integerText.length > 12) return AMOUNT_TOO_LARGE;

  let integerWords = '';
  const groups: string[] = [];
  for (let end = integerText.length; end > 0; end -= 4) groups.unshift(integerText.slice(Math.max(0, end - 4), end));
  let pendingZero = false;
  groups.forEach((group, groupIndex) => {
    const bigUnit = BIG_UNITS[groups.length - 1 - groupIndex];
    let groupWords = '';
    for (let i = 0; i < group.length; i += 1) {
      const digit = Number(group[i]);
      const unit = SMALL_UNITS[group.length - 1 - i];
      if (digit === 0) {
        pendingZero = integerWords.length > 0 || groupWords.length > 0;
      } else {
        if (pendingZero) groupWords += '零';
        groupWords += DIGITS[digit] + unit;
        pendingZero = false;
      }
    }
    if (groupWords) integerWords += groupWords + bigUnit;
  });
  const jiao = Number(fractionText[0] ?? 0);
  const fen = Number(fractionText[1] ?? 0);
  let words = integerWords ? `${integerWords}元` : '';
  if (!jiao && !fen) words = (words || '零元') + '整';
  else {
    if (jiao) words += `${DIGITS[jiao]}角`;
    else if (integerWords) words += '零';
    if (fen) words += `${DIGITS[fen]}分`;
  }
  return (negative ? '负' : '') + words;
}
