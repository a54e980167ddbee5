import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { expect, it } from 'vitest';
import { i18nReady, switchLanguage } from '../../src/client/i18n/index.js';

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
