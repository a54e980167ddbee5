/** A stored value as one line of text, for fields that show a value they cannot look up (an object's name, a list joined). */
export function describeStoredValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(describeStoredValue).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return String(record.fullName ?? record.name ?? record.label ?? record.id ?? JSON.stringify(value));
  }
  return String(value);
}
