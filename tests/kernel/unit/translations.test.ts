import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/shared/language.js';
import { wordTree, wordTrees, type Translations } from '../../../src/shared/translations.js';

describe('words in one shape (src/shared/translations.ts)', () => {
  const table: Translations = {
    'mall.search.casFormat': { zh: 'CAS号格式不正确', zhtw: 'CAS號格式不正確', en: 'The CAS number is malformed' },
    'mall.message.added': { zh: '已加入购物车', zhtw: '已加入購物車', en: 'Added to the cart' },
  };

  it("builds each language's tree as i18next keeps its resources", () => {
    expect(wordTree(table, 'zhtw')).toEqual({ mall: { search: { casFormat: 'CAS號格式不正確' }, message: { added: '已加入購物車' } } });
    expect(Object.keys(wordTrees(table))).toEqual([...LANGUAGES]);
    expect(wordTrees(table).en).toEqual({ mall: { search: { casFormat: 'The CAS number is malformed' }, message: { added: 'Added to the cart' } } });
  });

  it('refuses a key that is also a group of other keys, whichever comes first', () => {
    const word = { zh: '字', zhtw: '字', en: 'word' };
    expect(() => wordTree({ 'a.b': word, 'a.b.c': word }, 'zh')).toThrow('word a.b.c: b is already a word');
    expect(() => wordTree({ 'a.b.c': word, 'a.b': word }, 'zh')).toThrow('word a.b is also a group of words');
  });

  it("makes a tree of every module's words, each text in all three languages", async () => {
    const modules = path.resolve('src/modules');
    const files = fs.readdirSync(modules).flatMap((name) => {
      const dir = path.join(modules, name, 'locale');
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => /[wW]ords\.ts$/.test(file)).map((file) => path.join(dir, file)) : [];
    });
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const file of files) {
      for (const [name, words] of Object.entries(await import(pathToFileURL(file).href))) {
        for (const [key, texts] of Object.entries(words as Translations)) {
          for (const language of LANGUAGES) expect(texts[language]?.trim(), `${name} ${key} ${language}`).toBeTruthy();
        }
        expect(() => wordTrees(words as Translations), name).not.toThrow();
      }
    }
  });
});
