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

  return (
    <ConfigProvider locale={antdLocaleOf(language)} theme={theme}>
      <AntApp>
        <RouterProvider router={router} />
        <LoadingMask />
      </AntApp>
    </ConfigProvider>
  );
}
