/**
 * Relative time (spec 000 §9, 001 §9): under 30 seconds "just now", then minutes, hours, and days up to 6 (the
 * "1 day ago" reading holds up to 48 hours), weeks up to 3, months up to 3, then the date. Shared by client and
 * server so both say the same.
 */
import type { Language } from '../language.js';
import { formatDate } from './dateFormat.js';

const WORDS: Record<Language, { now: string; minutes: string; hours: string; days: string; weeks: string; months: string }> = {
  zh: { now: '刚刚', minutes: '{n}分钟前', hours: '{n}小时前', days: '{n}天前', weeks: '{n}周前', months: '{n}个月前' },
  zhtw: { now: '剛剛', minutes: '{n}分鐘前', hours: '{n}小時前', days: '{n}天前', weeks: '{n}週前', months: '{n}個月前' },
  en: { now: 'just now', minutes: '{n} min ago', hours: '{n} h ago', days: '{n} days ago', weeks: '{n} weeks ago', months: '{n} months ago' },
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(when: Date | number | string, now: Date | number = Date.now(), language: Language = 'zh'): string {
  const time = new Date(when).getTime();
  if (!Number.isFinite(time)) return '';
  const elapsed = new Date(now).getTime() - time;
  const words = WORDS[language];
  const say = (template: string, n: number) => template.replace('{n}', String(n)).replace(/^1 days/, '1 day').replace(/^1 weeks/, '1 week').replace(/^1 months/, '1 month');
  if (elapsed < 30_000) return words.now;
  if (elapsed < HOUR) return say(words.minutes, Math.max(1, Math.floor(elapsed / MINUTE)));
  if (elapsed < DAY) return say(words.hours, Math.floor(elapsed / HOUR));
  // Up to 48 hours still reads "1 day ago".
  if (elapsed < 2 * DAY) return say(words.days, 1);
  if (elapsed < 7 * DAY) return say(words.days, Math.floor(elapsed / DAY));
  if (elapsed < 4 * 7 * DAY) return say(words.weeks, Math.floor(elapsed / (7 * DAY)));
  if (elapsed < 4 * 30 * DAY) return say(words.months, Math.max(1, Math.floor(elapsed / (30 * DAY))));
  return formatDate(time, '{y}-{m}-{d}');
}
