import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { expect, it, vi } from 'vitest';
import { loadLanguagePack } from '../../../src/kernel/client/i18n/languagePacks.js';
import { i18n, i18nReady, switchLanguage } from '../../../src/kernel/client/i18n/index.js';
import { storage } from '../../../src/kernel/client/stores/storage.js';

// The real packs, with a way to make one load fail as a lost network would.
vi.mock('../../../src/kernel/client/i18n/languagePacks.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/kernel/client/i18n/languagePacks.js')>();
  return { ...actual, loadLanguagePack: vi.fn(actual.loadLanguagePack) };
});

function Probe() {
  const { t } = useTranslation();
  return <span data-testid="probe">{t('nav.searchMenu')}</span>;
}

// First in the file: zhtw's pack has not been loaded yet (the test DOM's browser language is en-US), so the switch has to
// fetch it.
it('keeps the page in its language, with the request-error toast, when a language pack cannot load; the next try loads it', async () => {
  const { message } = await import('antd');
  const shown = vi.spyOn(message, 'error').mockImplementation(() => undefined as never);
  const { loadOnDemand } = await import('../../../src/kernel/client/api/request.js');
  await i18nReady;
  await act(async () => { await switchLanguage('zh'); });
  vi.mocked(loadLanguagePack).mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));

  // What the language menu does (preferences.chooseLanguage).
  await expect(loadOnDemand(() => switchLanguage('zhtw'))).rejects.toThrow(TypeError);
  expect(shown).toHaveBeenCalledWith({ content: '请求出错，请重试', duration: 3 });
  expect(i18n.language).toBe('zh');
  expect(storage.get('language')).toBe('zh');

  await act(async () => { await loadOnDemand(() => switchLanguage('zhtw')); });
  expect(i18n.language).toBe('zhtw');
  expect(i18n.t('nav.searchMenu')).toBe('搜尋選單');
  expect(shown).toHaveBeenCalledTimes(1);
  await act(async () => { await switchLanguage('zh'); });
  shown.mockRestore();
});

it('re-renders what uses the translation hook when a switch loads a language pack', async () => {
  await i18nReady;
  await act(async () => { await switchLanguage('zh'); });
  render(<Probe />);
  expect(screen.getByTestId('probe').textContent).toBe('搜索菜单');
  await act(async () => { await switchLanguage('en'); });
  expect(screen.getByTestId('probe').textContent).toBe('Search menus');
  await act(async () => { await switchLanguage('zhtw'); });
  expect(screen.getByTestId('probe').textContent).toBe('搜尋選單');
});
