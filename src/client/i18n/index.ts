import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, languageFromTag, type Language } from '../../shared/language.js';
import { storage } from '../stores/storage.js';
import { setWidgetLanguage } from '../../../registry/widgetText.js';
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

/** i18next's way of loading a language it has not got: the default language is bundled, the others are packs. */
const languagePackBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, _namespace, callback) {
    loadLanguagePack(language as Language).then(
      (pack) => callback(null, pack.translation),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Resolves once the first language's words are there: at once for the default language, after its pack loads
 * for another. main.tsx renders after it, so nobody sees a page flash from Chinese to their language.
 */
export const i18nReady = i18n.use(languagePackBackend).use(initReactI18next).init({
  lng: detectLanguage(storage.get('language'), typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]),
  fallbackLng: DEFAULT_LANGUAGE,
  resources: { zh: { translation: zh } },
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  initAsync: false,
});

// Widgets take their own words from the registry, which follows the app's language.
setWidgetLanguage(i18n.language as Language);
i18n.on('languageChanged', (language) => setWidgetLanguage(language as Language));

/**
 * Switching language: i18next (which loads the language's pack first, so the page changes language in one step),
 * local storage (the first place read at start), and the html lang attribute.
 */
export async function switchLanguage(language: Language): Promise<void> {
  storage.set('language', language);
  await i18n.changeLanguage(language);
}
