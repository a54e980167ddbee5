import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { settings } from '../stores/settings.js';
import { themeConfig } from './shell/themeTokens.js';
import { LoadingMask } from '../components/LoadingMask.js';
import { usePrefersReducedMotion } from '../components/usePrefersReducedMotion.js';
import { i18n } from '../i18n/index.js';
import { antdLocaleOf } from '../i18n/languagePacks.js';
import type { Language } from '../../../shared/language.js';

/** The app around a router the app entry made (router.tsx's createAppRouter, after the modules extended the workspace). */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const { themeClass, slideClass } = useSnapshot(settings);
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => themeConfig(themeClass, slideClass, reducedMotion), [themeClass, slideClass, reducedMotion]);
  const [language, setLanguage] = useState(i18n.language as Language);
  useEffect(() => {
    const onChange = (next: string) => setLanguage(next as Language);
    i18n.on('languageChanged', onChange);
    document.documentElement.lang = language === 'zhtw' ? 'zh-TW' : language === 'en' ? 'en' : 'zh-CN';
    return () => i18n.off('languageChanged', onChange);
  }, [language]);

  // antd's static calls (Modal.confirm, message, notification) render in roots of their own, outside this provider:
  // without this they ignored the theme colour, the language and a person's wish for less motion (a confirmation
  // zoomed in, and a click during the zoom could land beside its button).
  useEffect(() => {
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider locale={antdLocaleOf(language)} theme={theme}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [language, theme]);

  return (
    <ConfigProvider locale={antdLocaleOf(language)} theme={theme}>
      <AntApp>
        <RouterProvider router={router} />
        <LoadingMask />
      </AntApp>
    </ConfigProvider>
  );
}
