import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../src/shared/format/relativeTime.js';
import { formatDate } from '../../../src/shared/format/dateFormat.js';
import { fileSize, shortNumber } from '../../../src/shared/format/sizes.js';

describe('shared formatters (spec 000 §9)', () => {
  const now = new Date(2026, 10, 21, 12, 0, 0).getTime();
  it.each([
    [10_000, '刚刚'],
    [29_000, '刚刚'],
    [5 * 60_000, '5分钟前'],
    [3 * 3600_000, '3小时前'],
    [30 * 3600_000, '1天前'],
    [47 * 3600_000, '1天前'],
    [5 * 86400_000, '5天前'],
    [15 * 86400_000, '2周前'],
    [70 * 86400_000, '2个月前'],
  ])('%i ms ago reads %s', (elapsed, text) => {
    expect(relativeTime(now - elapsed, now)).toBe(text);
  });

  it('falls back to the date past three months, and speaks the other languages', () => {
    expect(relativeTime(new Date(2026, 0, 2), now)).toBe('2026-01-02');
    expect(relativeTime(now - 30 * 3600_000, now, 'en')).toBe('1 day ago');
    expect(relativeTime(now - 5 * 60_000, now, 'zhtw')).toBe('5分鐘前');
    expect(relativeTime('not a date', now)).toBe('');
  });

  it('formats dates in the request format and the display default', () => {
    const date = new Date(2026, 10, 21, 8, 5, 9);
    expect(formatDate(date)).toBe('2026-11-21 08:05:09');
    expect(formatDate(date, 'YYYY-MM-DD HH:mm')).toBe('2026-11-21 08:05');
    expect(formatDate(Math.floor(date.getTime() / 1000))).toBe('2026-11-21 08:05:09');
    expect(formatDate(date, '{y}年{m}月{d}日 星期{a}')).toBe('2026年11月21日 星期六');
    expect(formatDate(null)).toBe('');
  });

  it('says file sizes in B, KB, MB, GB and shortens numbers with k, M, G, T, P, E', () => {
    expect(fileSize(512)).toBe('512B');
    expect(fileSize(1536)).toBe('1.5KB');
    expect(fileSize(5242880)).toBe('5MB');
    expect(fileSize(1073741824 * 3)).toBe('3GB');
    expect(shortNumber(999)).toBe('999');
    expect(shortNumber(1500)).toBe('1.5k');
    expect(shortNumber(2_300_000)).toBe('2.3M');
    expect([1e9, 1e12, 1e15, 1e18].map((n) => shortNumber(n))).toEqual(['1G', '1T', '1P', '1E']);
  });
});
