import type { OptionItem } from '../../../shared/form/definition.js';

/**
 * The dictionary cache (spec 000 §4, 001 §4): form widgets ask once per dictionary and share the answer. Saving a
 * dictionary entry or category clears it, and so does the session reset.
 */
const entries = new Map<string, Promise<OptionItem[]>>();

export function cachedDictionary(key: string, load: () => Promise<OptionItem[]>): Promise<OptionItem[]> {
  let pending = entries.get(key);
  if (!pending) {
    pending = load();
    entries.set(key, pending);
    // A failed load is not kept: the next widget asks again.
    pending.catch(() => entries.delete(key));
  }
  return pending;
}

export function clearDictionaryCache(): void {
  entries.clear();
}

export function dictionaryCacheSize(): number {
  return entries.size;
}
