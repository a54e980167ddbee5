import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { expect, it, vi } from 'vitest';
import { i18n, i18nReady, switchLanguage } from '../../src/client/i18n/index.js';

function Probe() {
  const { t } = useTranslation();
  return <span data-testid="probe">{t('nav.searchMenu')}</span>;
}

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

it('says a language pack that cannot load the way a failed request is said, and keeps the language', async () => {
  const { message } = await import('antd');
  const shown = vi.spyOn(message, 'error').mockImplementation(() => undefined as never);
  const { loadOnDemand } = await import('../../src/client/api/request.js');
  await act(async () => { await switchLanguage('zh'); });
  await expect(loadOnDemand(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toThrow(TypeError);
  expect(shown).toHaveBeenCalledWith({ content: '请求出错，请重试', duration: 3 });
  expect(i18n.language).toBe('zh');
  shown.mockRestore();
});
