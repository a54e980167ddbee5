import { wordTrees, type Translations } from '../../../shared/translations.js';
import { i18n } from './index.js';

/**
 * Adds a module's words (its `locale/words.ts`, src/shared/translations.ts) to the app's translations, in every
 * language at once: the module's client calls it when it loads. Deep, and overwriting, so a module loaded again
 * (a test's second render) leaves the same words.
 */
export function registerWords(table: Translations): void {
  for (const [language, tree] of Object.entries(wordTrees(table))) i18n.addResourceBundle(language, 'translation', tree, true, true);
}
