/** File sizes in bytes, KB, MB, GB (1024 steps, spec 001 §9), and numbers shortened with k, M, G, T, P, E. */
const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

export function fileSize(bytes: number | null | undefined, digits = 2): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value}B` : `${Number(value.toFixed(digits))}${SIZE_UNITS[unit]}`;
}

const SHORT = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

export function shortNumber(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return '';
  for (const { value: step, symbol } of SHORT) {
    if (Math.abs(value) >= step) return `${Number((value / step).toFixed(digits))}${symbol}`;
  }
  return String(value);
}
