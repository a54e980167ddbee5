import { describe, expect, it, vi } from 'vitest';
import { cachedDictionary, clearDictionaryCache, dictionaryCacheSize } from '../../../src/kernel/client/stores/dictionaryCache.js';

describe('the dictionary cache', () => {
  it('asks once per dictionary, forgets failures, and is emptied by a save', async () => {
    clearDictionaryCache();
    const load = vi.fn(async () => [{ id: '1', fullName: '分析纯' }]);
    await Promise.all([cachedDictionary('grade', load), cachedDictionary('grade', load)]);
    expect(load).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(cachedDictionary('unit', failing)).rejects.toThrow('down');
    await expect(cachedDictionary('unit', async () => [])).resolves.toEqual([]);
    expect(dictionaryCacheSize()).toBe(2);
    clearDictionaryCache();
    await cachedDictionary('grade', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
