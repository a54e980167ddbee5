import { useEffect, useState } from 'react';
import { App as AntApp } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The workspace in full screen and back, from the user menu (JNPF's navbar has the switch; a top bar holding menus
 * and badges has no room for one more button at every width). A browser without the Fullscreen API (iOS
 * Safari on a phone, a page framed without allowfullscreen) or one that refuses says 不支持全屏 (spec 001 §2)
 * instead of doing nothing. Leaving full screen by Esc or the browser's own control is followed too.
 */
export function useFullscreen() {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const follow = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, []);

  const unsupported = () => void message.warning(t('nav.fullscreenUnsupported'));
  const toggle = () => {
    if (!document.fullscreenEnabled || typeof document.documentElement.requestFullscreen !== 'function') return unsupported();
    (document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(unsupported);
  };
  return { full, toggle, label: full ? t('nav.exitFullscreen') : t('nav.fullscreen'), icon: full ? <FullscreenExitOutlined /> : <FullscreenOutlined /> };
}
