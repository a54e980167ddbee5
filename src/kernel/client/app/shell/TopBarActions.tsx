import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar, Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import {
  FileProtectOutlined, GlobalOutlined, InfoCircleOutlined, LockOutlined, LogoutOutlined, SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { lockScreen, logout } from '../../api/oauth.js';
import { chooseLanguage } from './preferences.js';
import { LANGUAGE_NAMES, type Language } from '../../../../shared/language.js';
import { resetSession, session, setLocked } from '../../stores/session.js';
import { settings } from '../../stores/settings.js';
import { MenuSearch } from './MenuSearch.js';
import { useFullscreen } from './useFullscreen.js';
import { workspaceExtensions } from '../../workspaceExtensions.js';
import type { MenuItem } from '../../../../shared/sessionInfo.js';

// The about and statement dialogs load when first opened (issue 15: the staff route's first JavaScript).
const AboutDialog = lazy(async () => ({ default: (await import('../AboutDialog.js')).AboutDialog }));
const StatementDialog = lazy(async () => ({ default: (await import('./StatementDialog.js')).StatementDialog }));

/**
 * The right side of the top bar (spec 000 §2 and 001 §2): menu search, cart and requisition badges, the notice bell,
 * language switch, the user dropdown (profile, full screen, about, statement, lock screen, logout) and the settings icon.
 */
export function TopBarActions({ menu, compact, onOpenSettings }: { menu: readonly MenuItem[]; compact: boolean; onOpenSettings: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(session);
  const { showSearch, showLanguage } = useSnapshot(settings);
  const fullscreen = useFullscreen();
  const [aboutOpen, setAboutOpen] = useState(false);
  const [statementOpen, setStatementOpen] = useState(false);
  // Once opened, a dialog stays mounted, so it closes with its animation.
  const [used, setUsed] = useState({ about: false, statement: false });
  if ((aboutOpen && !used.about) || (statementOpen && !used.statement)) setUsed({ about: used.about || aboutOpen, statement: used.statement || statementOpen });

  /** Sign-out returns to /login with the page it left as the redirect, as JNPF's navbar does. */
  const signOut = async () => {
    const here = window.location.pathname + window.location.search;
    try {
      await logout();
    } finally {
      navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true });
      resetSession();
    }
  };

  /** Locking tells the server, stores the lock, and goes to /lockScreen (spec 000 §4). */
  const lock = async () => {
    await lockScreen();
    setLocked(true);
    navigate('/lockScreen', { replace: true });
  };

  /** The language switch saves the choice locally and on the user's profile (spec 000 §1). */
  const languageMenu: MenuProps = {
    items: (Object.keys(LANGUAGE_NAMES) as Language[]).map((key) => ({ key, label: LANGUAGE_NAMES[key] })),
    onClick: ({ key }) => chooseLanguage(key as Language),
  };

  const userMenu: MenuProps = {
    items: [
      { key: 'profile', icon: <UserOutlined />, label: t('nav.profile'), onClick: () => navigate('/profile') },
      { key: 'fullscreen', icon: fullscreen.icon, label: <span data-testid="fullscreen-switch" aria-pressed={fullscreen.full}>{fullscreen.label}</span>, onClick: fullscreen.toggle },
      { key: 'lock', icon: <LockOutlined />, label: t('lock.lock'), onClick: () => void lock() },
      { key: 'statement', icon: <FileProtectOutlined />, label: t('nav.statement'), onClick: () => setStatementOpen(true) },
      { key: 'about', icon: <InfoCircleOutlined />, label: t('lock.about'), onClick: () => setAboutOpen(true) },
      { type: 'divider' },
      { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), onClick: () => void signOut() },
    ],
  };

  return (
    <div className="lc-header-actions">
      {showSearch && !compact && <MenuSearch menu={menu} />}
      {/* The modules' items (cart, requisitions, the notice bell, the chat entry), in the order the app gave them. */}
      {workspaceExtensions.topBarItems.map((Item, index) => (
        <Suspense key={index} fallback={null}>
          <Item />
        </Suspense>
      ))}
      {showLanguage && (
        <Dropdown menu={languageMenu} trigger={['click']}>
          <Button type="text" icon={<GlobalOutlined />} aria-label={t('nav.language')} data-testid="language-switch" />
        </Dropdown>
      )}
      <Dropdown menu={userMenu} trigger={['click']}>
        <button type="button" className="lc-user-button" data-testid="user-menu">
          <Avatar size="small" src={userInfo?.headIcon || undefined} icon={<UserOutlined />} />
          {!compact && <span className="lc-user-name">{userInfo?.userName}</span>}
        </button>
      </Dropdown>
      <Tooltip title={t('settings.title')}>
        <Button type="text" icon={<SettingOutlined />} aria-label={t('settings.title')} onClick={onOpenSettings} data-testid="settings-icon" />
      </Tooltip>
      <Suspense fallback={null}>
        {used.about && <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />}
        {used.statement && <StatementDialog open={statementOpen} onClose={() => setStatementOpen(false)} />}
      </Suspense>
    </div>
  );
}
