import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, languageFromTag } from '../../../src/shared/language.js';
import { detectLanguage, i18n, i18nReady, languageTag, switchLanguage } from '../../../src/kernel/client/i18n/index.js';
import { antdLocaleOf } from '../../../src/kernel/client/i18n/languagePacks.js';
import { en } from '../../../src/kernel/client/i18n/en.js';
import { zh } from '../../../src/kernel/client/i18n/zh.js';
import { zhtw } from '../../../src/kernel/client/i18n/zhtw.js';

describe('choosing the language', () => {
  it('maps browser tags: traditional Chinese to zhtw, other supported languages to themselves', () => {
    expect(languageFromTag('zh-TW')).toBe('zhtw');
    expect(languageFromTag('zh-HK')).toBe('zhtw');
    expect(languageFromTag('zh-Hant-MO')).toBe('zhtw');
    expect(languageFromTag('zh-CN')).toBe('zh');
    expect(languageFromTag('en-GB')).toBe('en');
    expect(languageFromTag('fr-FR')).toBeUndefined();
  });

  it('takes local storage first, then the browser, otherwise zh', () => {
    expect(detectLanguage('en', ['zh-TW'])).toBe('en');
    expect(detectLanguage(null, ['fr', 'zh-TW'])).toBe('zhtw');
    expect(detectLanguage('klingon', ['de'])).toBe('zh');
  });

  it('honours the weights of Accept-Language', () => {
    expect(languageFromAcceptLanguage('fr;q=1, en;q=0.5, zh-TW;q=0.8')).toBe('zhtw');
    expect(languageFromAcceptLanguage('de')).toBeUndefined();
    expect(languageTag('zhtw')).toBe('zh-TW');
  });
});

describe('language packs (only the default language is in the first scripts)', () => {
  it('merges a pack into a language a domain already added its words to', async () => {
    // Domains add their words to all three languages when they load, before anyone switches (the chat, the
    // message centre...): i18next then sees a bundle and would load nothing.
    i18n.addResourceBundle('zhtw', 'translation', { probeDomain: { word: '探針' } }, true, true);
    await switchLanguage('zhtw');
    expect(i18n.t('page.ok')).toBe(zhtw.page.ok);
    expect(i18n.t('probeDomain.word')).toBe('探針');
    await switchLanguage('zh');
  });

  it('switches to a language whose pack loads on the way, app words and antd words together', async () => {
    await i18nReady;
    await switchLanguage('zh');
    expect(antdLocaleOf('zh').locale).toBe('zh-cn');
    expect(i18n.t('page.ok')).toBe(zh.page.ok);
    await switchLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('page.ok')).toBe(en.page.ok);
    expect(antdLocaleOf('en').locale).toBe('en');
    await switchLanguage('zhtw');
    expect(i18n.t('page.ok')).toBe(zhtw.page.ok);
    expect(antdLocaleOf('zhtw').locale).toBe('zh-tw');
    await switchLanguage('zh');
    expect(i18n.t('page.ok')).toBe(zh.page.ok);
  });
});

describe('translations are complete', () => {
  const keys = (value: object, prefix = ''): string[] =>
    Object.entries(value).flatMap(([key, child]) => (typeof child === 'object' ? keys(child, `${prefix}${key}.`) : [`${prefix}${key}`]));

  it('gives the client the same keys in zh, zhtw and en, none empty', () => {
    expect(keys(zhtw)).toEqual(keys(zh));
    expect(keys(en)).toEqual(keys(zh));
    for (const resource of [zh, zhtw, en]) expect(JSON.stringify(resource)).not.toMatch(/:""/);
  });
});
