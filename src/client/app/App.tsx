import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { settings } from '../stores/settings.js';
import { themeConfig } from './shell/themeTokens.js';
import { LoadingMask } from '../components/LoadingMask.js';
import { i18n } from '../i18n/index.js';
import { router } from './router.js';

const antdLocales = { zh: zhCN, zhtw: zhTW, en: enUS } as const;

export function App() {
  const { themeClass, slideClass } = useSnapshot(settings);
  const theme = useMemo(() => themeConfig(themeClass, slideClass), [themeClass, slideClass]);
  const [language, setLanguage] = useState(i18n.language as keyof typeof antdLocales);
  useEffect(() => {
    const onChange = (next: string) => setLanguage(next as keyof typeof antdLocales);
    i18n.on('languageChanged', onChange);
    document.documentElement.lang = language === 'zhtw' ? 'zh-TW' : language === 'en' ? 'en' : 'zh-CN';
    return () => i18n.off('languageChanged', onChange);
  }, [language]);

  return (
    <ConfigProvider locale={antdLocales[language] ?? zhCN} theme={theme}>
      <AntApp>
        <RouterProvider router={router} />
        <LoadingMask />
      </AntApp>
    </ConfigProvider>
  );
}
