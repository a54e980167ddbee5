import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, languageFromTag, type Language } from '../../../shared/language.js';
import { storage } from '../stores/storage.js';
import { setWidgetLanguage } from '../../../../registry/widgetText.js';
import { loadLanguagePack } from './languagePacks.js';
import { zh } from './zh.js';

/**
 * The first language: local storage, then the browser (traditional Chinese gives zhtw, another supported
 * language itself), otherwise zh (spec 000 §1).
 */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  for (const tag of browserLanguages) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The HTTP tag sent as Accept-Language so the server answers in the same language. */
export function languageTag(language: string): string {
  return language === 'zhtw' ? 'zh-TW' : language === 'en' ? 'en' : 'zh-CN';
}

export const i18n = i18next.createInstance();

/**
 * Languages whose pack is in i18next's words. A pack is merged by hand rather than through an i18next backend:
 * domains add their own words to every language when they load (addResourceBundle), and i18next loads nothing
 * for a language that has any words, so a backend would skip the pack of a language a domain touched first.
 */
const packed = new Set<Language>([DEFAULT_LANGUAGE]);

async function ensureLanguagePack(language: Language): Promise<void> {
  if (packed.has(language)) return;
  const pack = await loadLanguagePack(language);
  // Deep, and without overwriting: a domain's words already there stay as they are.
  i18n.addResourceBundle(language, 'translation', pack.translation, true, false);
  packed.add(language);
}

const firstLanguage = detectLanguage(storage.get('language'), typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);

void i18n.use(initReactI18next).init({
  lng: firstLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { zh: { translation: zh } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * Resolves once the first language's words are there: at once for the default language, after its pack loads
 * for another (then the language is announced again, so anything already showing takes the words). main.tsx
 * renders after it, so nobody sees a page flash from Chinese to their language. A pack that fails to load leaves
 * the default language's words (the fallback).
 */
export const i18nReady: Promise<void> = ensureLanguagePack(firstLanguage).then(
  async () => {
    if (firstLanguage !== DEFAULT_LANGUAGE) await i18n.changeLanguage(firstLanguage);
  },
  () => undefined,
);

// Widgets take their own words from the registry, which follows the app's language.
setWidgetLanguage(i18n.language as Language);
i18n.on('languageChanged', (language) => setWidgetLanguage(language as Language));

/**
 * Switching language: the language's pack first (so the page changes language in one step, words and antd's
 * together), then i18next, local storage (the first place read at start), and the html lang attribute.
 */
export async function switchLanguage(language: Language): Promise<void> {
  await ensureLanguagePack(language);
  storage.set('language', language);
  await i18n.changeLanguage(language);
}
