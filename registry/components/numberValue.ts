/**
 * A numInput's stored value as the number it shows: null when empty. The widget and its idle sub-table cell
 * (cellText.ts) read it alike, so a cell shows what its input will.
 */
export function numberValue(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value === '' ? null : Number(value);
  // Stored JSON holds numbers, strings or null; anything else shows empty rather than being coerced.
  return null;
}
