/**
 * CAS registry numbers (spec 001 §7 itemListByCas): three groups of digits, 2–7, 2 and 1 long, joined by hyphens;
 * the last digit is a check digit — the sum of the other digits, each times its position counted from the right
 * (1 for the last digit before the check digit), modulo 10. Shared by the server (which refuses a bad number
 * before searching) and the client (which can say so before asking).
 *
 * Reading is forgiving about what people paste: surrounding and inner spaces, full-width digits, full-width or
 * typographic hyphens (－ ‐ ‑ ‒ – — ―), and leading zeros on the first group ("0000064-17-5" is 64-17-5). A run of
 * 5–10 digits without hyphens is read as the same groups from the right ("64175" is 64-17-5).
 */
export type CasProblem = 'format' | 'checkDigit';

export type CasResult = { ok: true; cas: string } | { ok: false; reason: CasProblem };

const DASHES = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D\u30FC]/g;

/** The text with spaces removed and full-width digits and dashes made ASCII; not yet checked. */
export function normaliseCasText(text: string): string {
  return String(text ?? '')
    .replace(/[\uFF10-\uFF19]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xff10 + 0x30))
    .replace(DASHES, '-')
    .replace(/[\s\u3000]+/g, '');
}

/** The check digit the digits before it call for (the body is the first two groups without hyphens). */
export function casCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) sum += Number(body[body.length - 1 - i]) * (i + 1);
  return sum % 10;
}

/** The canonical number (e.g. '7732-18-5') or why the text is not one. */
export function parseCas(text: string): CasResult {
  const compact = normaliseCasText(text);
  let groups: [string, string, string] | null = null;
  const hyphenated = /^(\d{2,})-(\d{2})-(\d)$/.exec(compact);
  if (hyphenated) groups = [hyphenated[1], hyphenated[2], hyphenated[3]];
  else if (/^\d{5,10}$/.test(compact)) groups = [compact.slice(0, -3), compact.slice(-3, -1), compact.slice(-1)];
  if (!groups) return { ok: false, reason: 'format' };
  const first = groups[0].replace(/^0+/, '');
  if (first.length < 2 || first.length > 7) return { ok: false, reason: 'format' };
  if (casCheckDigit(first + groups[1]) !== Number(groups[2])) return { ok: false, reason: 'checkDigit' };
  return { ok: true, cas: `${first}-${groups[1]}-${groups[2]}` };
}

/** Whether the text is a CAS number whose check digit is right (in any of the forms parseCas reads). */
export function isValidCas(text: string): boolean {
  return parseCas(text).ok;
}

/** Whether text looks meant as a CAS number (digits and dashes only), so a search box can treat it as one. */
export function looksLikeCas(text: string): boolean {
  const compact = normaliseCasText(text);
  return /^[\d-]+$/.test(compact) && /\d/.test(compact) && compact.includes('-');
}
