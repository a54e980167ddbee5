import { Suspense, lazy, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useLocation } from 'react-router-dom';
import { App as AntApp, Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import SparkMD5 from 'spark-md5';
import { useSnapshot } from 'valtio';
import { SIDEBAR_WIDTH } from '../../../../shared/constants.js';
import { formatDate } from '../../../../shared/format/dateFormat.js';
import type { MenuItem } from '../../../../shared/sessionInfo.js';
import { usePageTitle } from '../../components/usePageTitle.js';
import { useIsMobile } from '../../components/useIsMobile.js';
import { session } from '../../stores/session.js';
import { storage } from '../../stores/storage.js';
import { workspaceExtensions } from '../../workspaceExtensions.js';
import { changeSetting, settings } from '../../stores/settings.js';
import { visit } from '../../stores/visitedViews.js';
import { mustChangePassword, readPasswordPolicy } from '../../../../shared/passwordPolicy.js';
import { activeTrail, firstOpenable } from './menuModel.js';
import { PageCache } from './PageCache.js';
import { HostedPages, PageSlot, usePageHost } from './PageHost.js';
import { routeMeta } from './routeMeta.js';
import { SideMenu } from './SideMenu.js';
import { TabsBar } from './TabsBar.js';
import { TopBarActions } from './TopBarActions.js';
import { TopMenu } from './TopMenu.js';
import { THEME_CLASS_COLOURS } from './themeTokens.js';
import { linkContext } from '../../stores/linkContext.js';
import { useOpenMenuItem } from './useOpenMenuItem.js';

// Loaded the first time they are needed: the settings drawer when opened, the forced password change (and its
// form) only for a user who must change the password. Neither is part of a staff member's first JavaScript.
// The phone's menu drawer loads when first opened: antd's Drawer is not otherwise on a page's first load.
const Drawer = lazy(() => import('antd/es/drawer'));
const SettingsDrawer = lazy(async () => ({ default: (await import('./SettingsDrawer.js')).SettingsDrawer }));

const COLLAPSED_WIDTH = 64;
/**
 * The sign-in whose previous-sign-in notice was shown, kept in the browser as a digest of its token: a reload, or
 * another tab of the same sign-in, does not show it again; the next sign-in (a new token) does. A browser that
 * refuses storage still shows it once per page.
 */
const LOGIN_NOTICE_SHOWN = 'loginNoticeShown';
const shownThisPage = new Set<string>();

function Brand({ name, collapsed = false }: { name: string; collapsed?: boolean }) {
  return (
    <div className={`lc-brand${collapsed ? ' collapsed' : ''}`}>
      <span className="lc-logo-mark small" aria-hidden>LC</span>
      {!collapsed && <span className="lc-header-title">{name}</span>}
    </div>
  );
}

/**
 * The workspace around every signed-in page, in the four navigation styles of spec 000 §2:
 * - classic: the header spans the top, the side menu sits under it;
 * - plain: the side menu runs the full height with the brand, the header sits beside it;
 * - functional: no sider, the whole menu is a top menu;
 * - blend: the first menu level on top, the chosen group's pages in the sider.
 * Under 992 px every style becomes the phone layout: the menu moves into a drawer.
 */
export function WorkspaceLayout() {
  const PasswordChange = workspaceExtensions.passwordChange;
  const { t } = useTranslation();
  const location = useLocation();
  const openItem = useOpenMenuItem();
  const { userInfo, menuList, sysConfigInfo } = useSnapshot(session);
  const menu = menuList as MenuItem[];
  const snap = useSnapshot(settings);
  const mobile = useIsMobile();
  const pageHost = usePageHost();
  // From the App context, so the notice takes the theme colour and the language of the ConfigProvider.
  const { notification } = AntApp.useApp();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Once opened, the drawer stays mounted, so it closes with its animation.
  const [settingsUsed, setSettingsUsed] = useState(false);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);
  const mustChange = Boolean(userInfo) && mustChangePassword(userInfo?.changePasswordDate, readPasswordPolicy((sysConfigInfo ?? {}) as Record<string, unknown>));
  const [blendGroupId, setBlendGroupId] = useState<string | undefined>();
  const productName = sysConfigInfo?.sysName || t('product.name');
  const sideTheme = snap.slideClass === 'dark' ? 'dark' : 'light';
  const collapsed = !snap.sidebarOpened;

  // Tabs and titles follow the location: a page with a known meta gets a tab and '{title} - {product}'.
  const meta = useMemo(() => routeMeta(menu, location.pathname, location.search, linkContext()), [menu, location.pathname, location.search]);
  useEffect(() => {
    if (meta) visit({ path: location.pathname + location.search, title: meta.title, titleKey: meta.titleKey, icon: meta.icon });
  }, [meta, location.pathname, location.search]);
  const title = meta ? (meta.titleKey ? t(meta.titleKey) : meta.title) : undefined;
  usePageTitle(title);

  // What must be right from the first page after a sign-in (the workspace mounts then), such as the cart and
  // requisition badges (spec 001 §2, §9), not only once a screen of their module has loaded it; the modules
  // refresh them after each change and on a new token.
  useEffect(() => {
    if (!session.token) return;
    for (const open of workspaceExtensions.onWorkspaceOpen) open();
  }, []);

  // The previous sign-in, once per sign-in, 2 s at the bottom right (spec 000 §2).
  useEffect(() => {
    if (!userInfo?.prevLogin || !userInfo.prevLoginTime || !session.token) return;
    const signInMark = SparkMD5.hash(session.token);
    if (shownThisPage.has(signInMark) || storage.get(LOGIN_NOTICE_SHOWN) === signInMark) return;
    shownThisPage.add(signInMark);
    storage.set(LOGIN_NOTICE_SHOWN, signInMark);
    notification.info({
      placement: 'bottomRight',
      duration: 2,
      message: t('home.lastLoginNotice', { time: formatDate(userInfo.prevLoginTime), place: userInfo.prevLoginIPAddressName ?? '', ip: userInfo.prevLoginIPAddress ?? '' }),
    });
  }, [userInfo, t, notification]);

  // Blend: the sider shows the group of the current page, or the one last chosen on top.
  const blendGroup = useMemo(() => {
    const visible = menu.filter((item) => !item.hidden);
    const currentTop = activeTrail(menu, location.pathname, linkContext())[0];
    return visible.find((item) => item.id === currentTop) ?? visible.find((item) => item.id === blendGroupId) ?? visible.find((item) => item.type === 1);
  }, [menu, location.pathname, blendGroupId]);

  const toggleSidebar = () => changeSetting('sidebarOpened', !snap.sidebarOpened);
  const layout = mobile ? 'mobile' : snap.layoutType;
  const drawerMenu = drawerUsed ? (
    <Suspense fallback={null}>
      <Drawer placement="left" width={SIDEBAR_WIDTH} open={drawerOpen} onClose={() => setDrawerOpen(false)} closable={false} rootClassName={`lc-menu-drawer ${snap.slideClass}`}>
        <Brand name={productName} />
        <SideMenu menu={menu} theme={sideTheme} onOpened={() => setDrawerOpen(false)} />
      </Drawer>
    </Suspense>
  ) : null;

  const actions = <TopBarActions menu={menu} compact={mobile} onOpenSettings={() => setSettingsOpen(true)} />;
  const collapseButton = (
    <Button
      type="text"
      icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      aria-label={t(collapsed ? 'nav.expandSidebar' : 'nav.collapseSidebar')}
      onClick={toggleSidebar}
      data-testid="sidebar-toggle"
    />
  );
  const body = (
    <>
      {snap.tagsView && <TabsBar />}
      <Layout.Content className="lc-content">
        <PageSlot host={pageHost} />
      </Layout.Content>
    </>
  );

  const sider = (menuForSider: readonly MenuItem[], withBrand: boolean) => (
    <Layout.Sider className={`lc-sider ${snap.slideClass}`} width={SIDEBAR_WIDTH} collapsedWidth={COLLAPSED_WIDTH} collapsed={collapsed} theme={sideTheme} data-testid="sider">
      {withBrand && <Brand name={productName} collapsed={collapsed} />}
      <SideMenu menu={menuForSider} theme={sideTheme} collapsed={collapsed} />
    </Layout.Sider>
  );

  let shell;
  if (layout === 'mobile') {
    shell = (
      <Layout className="lc-shell">
        <Layout.Header className="lc-header">
          <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.menu')} onClick={() => setDrawerOpen(true)} data-testid="menu-toggle" />
          <Brand name={productName} />
          {actions}
        </Layout.Header>
        {drawerMenu}
        <Layout className="lc-main">{body}</Layout>
      </Layout>
    );
  } else if (layout === 'functional' || layout === 'blend') {
    const blend = layout === 'blend';
    shell = (
      <Layout className="lc-shell">
        <Layout.Header className={`lc-header lc-header-menu ${snap.slideClass}`}>
          <Brand name={productName} />
          <TopMenu
            menu={menu}
            theme={sideTheme}
            firstLevelOnly={blend}
            activeGroupId={blend ? blendGroup?.id : undefined}
            onGroupChosen={(group) => {
              setBlendGroupId(group.id);
              const first = firstOpenable(group);
              if (first) openItem(first);
            }}
          />
          {actions}
        </Layout.Header>
        <Layout>
          {blend && blendGroup && blendGroup.children.length > 0 && sider(blendGroup.children, false)}
          <Layout className="lc-main">{body}</Layout>
        </Layout>
      </Layout>
    );
  } else if (layout === 'plain') {
    shell = (
      <Layout className="lc-shell">
        {sider(menu, true)}
        <Layout className="lc-main">
          <Layout.Header className="lc-header">
            {collapseButton}
            <span className="lc-header-page-title">{title}</span>
            {actions}
          </Layout.Header>
          {body}
        </Layout>
      </Layout>
    );
  } else {
    shell = (
      <Layout className="lc-shell">
        <Layout.Header className="lc-header">
          <Brand name={productName} />
          {collapseButton}
          {actions}
        </Layout.Header>
        <Layout>
          {sider(menu, false)}
          <Layout className="lc-main">{body}</Layout>
        </Layout>
      </Layout>
    );
  }

  return (
    <div
      className={`lc-workspace layout-${layout} sidebar-${snap.slideClass}`}
      data-layout={layout}
      data-theme-class={snap.themeClass}
      // The tabs bar is ours, not antd's: it takes the theme colour through this variable.
      style={{ '--lc-primary': THEME_CLASS_COLOURS[snap.themeClass] } as CSSProperties}
    >
      {shell}
      {/* The pages stay mounted whichever layout shows them (PageHost.tsx). */}
      <HostedPages host={pageHost}>
        <PageCache />
      </HostedPages>
      <Suspense fallback={null}>
        {settingsUsed && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
        {mustChange && PasswordChange && <PasswordChange />}
      </Suspense>
    </div>
  );
}
