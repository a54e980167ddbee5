import { describe, expect, it } from 'vitest';
import { allMessages, commonMessages } from '../../../src/kernel/server/locales/messages.js';
import { serverModules } from '../../../src/modules/serverModules.js';

describe('server messages', () => {
  it('registers every module\'s messages when the module list loads', () => {
    const registered = allMessages();
    for (const module of serverModules) {
      for (const key of Object.keys(module.messages ?? {})) expect(registered.has(key), `${module.name}: ${key}`).toBe(true);
    }
    for (const key of Object.keys(commonMessages)) expect(registered.has(key), key).toBe(true);
  });

  it('gives every server message all three languages with the same placeholders', () => {
    expect(allMessages().size).toBeGreaterThan(100);
    const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const [key, texts] of allMessages()) {
      for (const language of ['zh', 'zhtw', 'en'] as const) {
        expect(texts[language], `${key}.${language}`).toBeTruthy();
        expect(placeholders(texts[language]), `${key}.${language}`).toEqual(placeholders(texts.zh));
      }
    }
  });

  it('keeps each module\'s keys under prefixes no other module uses', () => {
    const owner = new Map<string, string>();
    for (const module of serverModules) {
      for (const key of Object.keys(module.messages ?? {})) {
        const prefix = key.split('.')[0];
        expect(owner.get(prefix) ?? module.name, `${key} of ${module.name}`).toBe(module.name);
        owner.set(prefix, module.name);
      }
    }
  });
});
