/**
 * Dates in the spec's two formats (spec 000 §9): the request format '{y}-{m}-{d} {h}:{i}:{s}' and the display
 * default 'YYYY-MM-DD HH:mm'. Placeholders {y} {m} {d} {h} {i} {s} {a} (weekday) are replaced; everything else
 * stays as written.
 */
export const REQUEST_DATE_FORMAT = '{y}-{m}-{d} {h}:{i}:{s}';
export const DISPLAY_DATE_FORMAT = 'YYYY-MM-DD HH:mm';

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

export function formatDate(value: Date | number | string | null | undefined, pattern = REQUEST_DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' && /^\d{10}$/.test(value) ? new Date(Number(value) * 1000) : new Date(typeof value === 'number' && value < 1e11 ? value * 1000 : value);
  if (!Number.isFinite(date.getTime())) return '';
  const parts: Record<string, string> = {
    y: String(date.getFullYear()),
    m: String(date.getMonth() + 1).padStart(2, '0'),
    d: String(date.getDate()).padStart(2, '0'),
    h: String(date.getHours()).padStart(2, '0'),
    i: String(date.getMinutes()).padStart(2, '0'),
    s: String(date.getSeconds()).padStart(2, '0'),
    a: WEEKDAYS[date.getDay()],
  };
  if (pattern.includes('{')) return pattern.replace(/\{([ymdhisa])\}/g, (_, key: string) => parts[key]);
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => ({ YYYY: parts.y, MM: parts.m, DD: parts.d, HH: parts.h, mm: parts.i, ss: parts.s })[token]!);
}
