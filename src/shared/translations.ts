import { LANGUAGES, type Language } from './language.js';

/**
 * The one shape every module's words take, on both sides (`src/modules/<m>/locale/`): a key, then its text in each
 * of the product's languages. The server's messages (`locale/messages.ts`, keys under the module's prefix) answer
 * API calls; the web client's words (`locale/words.ts`, keys under the names its screens use) label pages. Keeping
 * the three languages of a key side by side is what lets the type check refuse a key missing one of them.
 */
export type Translations = Readonly<Record<string, Readonly<Record<Language, string>>>>;

/** A nested tree of one language's words, as i18next keeps resources: 'mall.search.casFormat' → { mall: { search: { casFormat } } }. */
export interface WordTree {
  [key: string]: string | WordTree;
}

/** One language's words of a table, as a tree. A key that is also another key's prefix is refused: i18next could not hold both. */
export function wordTree(table: Translations, language: Language): WordTree {
  const tree: WordTree = {};
  for (const [key, texts] of Object.entries(table)) {
    const parts = key.split('.');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'string') throw new Error(`word ${key}: ${part} is already a word`);
      node = (node[part] ??= {}) as WordTree;
    }
    const leaf = parts[parts.length - 1];
    if (typeof node[leaf] === 'object') throw new Error(`word ${key} is also a group of words`);
    node[leaf] = texts[language];
  }
  return tree;
}

/** Every language's tree of a table. */
export function wordTrees(table: Translations): Record<Language, WordTree> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, wordTree(table, language)])) as Record<Language, WordTree>;
}
