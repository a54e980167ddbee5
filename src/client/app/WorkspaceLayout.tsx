import { useEffect, useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { Avatar, Button, Drawer, Dropdown, Layout, Menu, notification, type MenuProps } from 'antd';
import { GlobalOutlined, InfoCircleOutlined, LockOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { lockScreen, logout } from '../api/oauth.js';
import { AboutDialog } from './AboutDialog.js';
import { request } from '../api/request.js';
import { switchLanguage } from '../i18n/index.js';
import type { Language } from '../../shared/language.js';
import { formatDate } from '../../shared/format/dateFormat.js';
import { useIsMobile } from '../components/useIsMobile.js';
import { resetSession, session, setLocked, type MenuItem } from '../stores/session.js';

type MenuEntry = Required<MenuProps>['items'][number];

function toMenuItems(list: readonly MenuItem[]): MenuEntry[] {
  return list.map((item) =>
    item.children.length > 0
      ? { key: item.id, label: item.fullName, children: toMenuItems(item.children) }
      : { key: item.path, label: item.fullName },
  );
}

/**
 * The workspace around every signed-in page: header with the user menu, the menu (a sider on desktops, a drawer
 * on phones), and the page. The full shell (layouts, tabs, search, settings) is the app-shell issue.
 */
const shownLoginNotices = new Set<string>();

export function WorkspaceLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userInfo, menuList, sysConfigInfo } = useSnapshot(session);
  const items = useMemo(() => toMenuItems(menuList as MenuItem[]), [menuList]);
  const mobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menu = (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      onClick={({ key }) => {
        setDrawerOpen(false);
        navigate(String(key));
      }}
      data-testid="side-menu"
    />
  );

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

  const [aboutOpen, setAboutOpen] = useState(false);

  // The previous sign-in, once per session, 2 s at the bottom right (spec 000 §2).
  useEffect(() => {
    if (!userInfo?.prevLogin || !userInfo.prevLoginTime || shownLoginNotices.has(session.token ?? '')) return;
    shownLoginNotices.add(session.token ?? '');
    notification.info({
      placement: 'bottomRight',
      duration: 2,
      message: t('home.lastLoginNotice', { time: formatDate(userInfo.prevLoginTime), place: userInfo.prevLoginIPAddressName ?? '', ip: userInfo.prevLoginIPAddress ?? '' }),
    });
  }, [userInfo, t]);
  /** Locking tells the server, stores the lock, and goes to /lockScreen (spec 000 §4). */
  const lock = async () => {
    await lockScreen();
    setLocked(true);
    navigate('/lockScreen', { replace: true });
  };

  /** The language switch saves the choice locally and on the user's profile (spec 000 §1, issue 4 item 6). */
  const languageMenu: MenuProps = {
    items: [
      { key: 'zh', label: '简体中文' },
      { key: 'zhtw', label: '繁體中文' },
      { key: 'en', label: 'English' },
    ],
    onClick: ({ key }) => {
      void switchLanguage(key as Language);
      void request({ url: '/permission/Users/Current/SystemLanguage', method: 'PUT', data: { language: key } }).catch(() => undefined);
    },
  };

  const userMenu: MenuProps = {
    items: [
      { key: 'lock', icon: <LockOutlined />, label: t('lock.lock'), onClick: () => void lock() },
      { key: 'about', icon: <InfoCircleOutlined />, label: t('lock.about'), onClick: () => setAboutOpen(true) },
      { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), onClick: () => void signOut() },
    ],
  };

  return (
    <Layout className="lc-shell">
      <Layout.Header className="lc-header">
        <div className="lc-header-brand">
          {mobile && <Button type="text" icon={<MenuOutlined />} aria-label="menu" onClick={() => setDrawerOpen(true)} data-testid="menu-toggle" />}
          <span className="lc-logo-mark small" aria-hidden>LC</span>
          <span className="lc-header-title">{sysConfigInfo?.sysName || t('product.name')}</span>
        </div>
        <div className="lc-header-actions">
        <Dropdown menu={languageMenu} trigger={['click']}>
          <Button type="text" icon={<GlobalOutlined />} aria-label="language" data-testid="language-switch" />
        </Dropdown>
        <Dropdown menu={userMenu} trigger={['click']}>
          <button type="button" className="lc-user-button" data-testid="user-menu">
            <Avatar size="small" icon={<UserOutlined />} />
            <span className="lc-user-name">{userInfo?.userName}</span>
          </button>
        </Dropdown>
        </div>
      </Layout.Header>
      <Layout>
        {mobile ? (
          // On a phone the menu slides over the page instead of taking a column from it.
          <Drawer placement="left" width={210} open={drawerOpen} onClose={() => setDrawerOpen(false)} closable={false} className="lc-menu-drawer">
            {menu}
          </Drawer>
        ) : (
          <Layout.Sider className="lc-sider" width={210} theme="dark">
            {menu}
          </Layout.Sider>
        )}
        <Layout.Content className="lc-content">
          <Outlet />
          <AboutDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
