/** The three languages of the product (spec 000 §1). zh is the default everywhere. */
export const LANGUAGES = ['zh', 'zhtw', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/**
 * Maps a browser or HTTP language tag (zh-CN, zh-TW, zh-Hant-HK, en-GB...) to a product language:
 * traditional Chinese settings give zhtw, another supported language gives itself, anything else nothing.
 */
export function languageFromTag(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.trim().toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(lower)) return lower as Language;
  if (/^zh[-_](tw|hk|mo|hant)/.test(lower)) return 'zhtw';
  if (lower === 'zh' || lower.startsWith('zh-') || lower.startsWith('zh_')) return 'zh';
  if (lower === 'en' || lower.startsWith('en-') || lower.startsWith('en_')) return 'en';
  return undefined;
}

/** Picks the first supported language of an Accept-Language header, honouring its q weights. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return undefined;
}

/** Each language named in itself, as a language switch shows it whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = { zh: '简体中文', zhtw: '繁體中文', en: 'English' };
