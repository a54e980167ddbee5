import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Avatar, Button, Card, Descriptions, Drawer, Dropdown, Layout, Menu, Typography, type MenuProps } from 'antd';
import { LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { logout } from '../../api/oauth.js';
import { useIsMobile } from '../../components/useIsMobile.js';
import { resetSession, session, type MenuItem } from '../../stores/session.js';

type MenuEntry = Required<MenuProps>['items'][number];

function toMenuItems(list: readonly MenuItem[]): MenuEntry[] {
  return list.map((item) =>
    item.children.length > 0
      ? { key: item.id, label: item.fullName, children: toMenuItems(item.children) }
      : { key: item.path, label: item.fullName },
  );
}

/**
 * The home page behind sign-in: who you are, your menus, and the fictitious-data notice. The full workspace
 * (layouts, tabs, search, settings) is the app-shell issue; this page is the foundation's proof of a session.
 */
export function HomePage() {
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

  const signOut = async () => {
    try {
      await logout();
    } finally {
      resetSession();
      navigate('/login', { replace: true });
    }
  };

  const userMenu: MenuProps = {
    items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), onClick: () => void signOut() }],
  };

  return (
    <Layout className="lc-shell">
      <Layout.Header className="lc-header">
        <div className="lc-header-brand">
          {mobile && <Button type="text" icon={<MenuOutlined />} aria-label="menu" onClick={() => setDrawerOpen(true)} data-testid="menu-toggle" />}
          <span className="lc-logo-mark small" aria-hidden>LC</span>
          <span className="lc-header-title">{sysConfigInfo?.sysName || t('product.name')}</span>
        </div>
        <Dropdown menu={userMenu} trigger={['click']}>
          <button type="button" className="lc-user-button" data-testid="user-menu">
            <Avatar size="small" icon={<UserOutlined />} />
            <span className="lc-user-name">{userInfo?.userName}</span>
          </button>
        </Dropdown>
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
          <Typography.Title level={3} data-testid="welcome">
            {t('home.welcome', { name: userInfo?.userName })}
          </Typography.Title>
          <Alert type="warning" showIcon message={t('home.fictitious')} className="lc-notice" />
          <Card>
            <Descriptions column={{ xs: 1, sm: 2 }} size="small">
              <Descriptions.Item label={t('home.account')}>{userInfo?.userAccount}</Descriptions.Item>
              <Descriptions.Item label={t('home.department')}>{userInfo?.organizeName}</Descriptions.Item>
              <Descriptions.Item label={t('home.position')}>{userInfo?.positionName}</Descriptions.Item>
              <Descriptions.Item label={t('home.lastLogin')}>
                {userInfo?.prevLoginTime ? `${new Date(userInfo.prevLoginTime).toLocaleString()} · ${userInfo.prevLoginIPAddress ?? ''}` : t('home.never')}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Typography.Paragraph type="secondary" className="lc-later">{t('home.shellLater')}</Typography.Paragraph>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
