import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/language.js';
import { zh, type Resources } from './zh.js';

/**
 * A language's words: the app's own (i18next) and antd's (its components' built-in texts and date pickers).
 * Only the default language ships in the first scripts; the others load when someone chooses or arrives with
 * them (issue 15: the staff route's first JavaScript carried all three, about 10 kB gzip of words nobody reads).
 */
export interface LanguagePack {
  translation: Resources;
  antd: Locale;
}

const loaders: Partial<Record<Language, () => Promise<LanguagePack>>> = {
  zhtw: async () => {
    const [{ zhtw }, antd] = await Promise.all([import('./zhtw.js'), import('antd/locale/zh_TW')]);
    return { translation: zhtw, antd: antd.default };
  },
  en: async () => {
    const [{ en }, antd] = await Promise.all([import('./en.js'), import('antd/locale/en_US')]);
    return { translation: en, antd: antd.default };
  },
};

const loaded = new Map<Language, LanguagePack>([[DEFAULT_LANGUAGE, { translation: zh, antd: zhCN }]]);

const loading = new Map<Language, Promise<LanguagePack>>();

/** The pack of a language, loading it the first time (the default language is always there). */
export function loadLanguagePack(language: Language): Promise<LanguagePack> {
  const known = loaded.get(language);
  if (known) return Promise.resolve(known);
  let pending = loading.get(language);
  if (!pending) {
    const load = loaders[language];
    pending = load
      ? load().then((pack) => {
          loaded.set(language, pack);
          return pack;
        })
      : Promise.reject(new Error(`No words for the language ${language}`));
    // A failed load may be tried again (the network came back).
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** antd's words for a language already loaded; the default language's until it is (i18next falls back the same way). */
export function antdLocaleOf(language: Language): Locale {
  return (loaded.get(language) ?? loaded.get(DEFAULT_LANGUAGE)!).antd;
}
