import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Menu } from 'antd';
import type { MenuItem } from '../../../../shared/sessionInfo.js';
import { activeTrail, indexMenu, toAntMenu } from './menuModel.js';
import { linkContext } from '../../stores/linkContext.js';
import { useOpenMenuItem } from './useOpenMenuItem.js';

interface SideMenuProps {
  menu: readonly MenuItem[];
  theme: 'dark' | 'light';
  collapsed?: boolean;
  mode?: 'inline' | 'horizontal';
  onOpened?: () => void;
}

/** The inline menu of the sider and of the phone drawer. It follows the page: the current item is selected and its groups open. */
export function SideMenu({ menu, theme, collapsed = false, onOpened }: SideMenuProps) {
  const location = useLocation();
  const openItem = useOpenMenuItem();
  const items = useMemo(() => toAntMenu(menu), [menu]);
  const byId = useMemo(() => indexMenu(menu), [menu]);
  const trail = useMemo(() => activeTrail(menu, location.pathname, linkContext()), [menu, location.pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(trail.slice(0, -1));

  useEffect(() => {
    // On /home, /dashboard and /404 the first group opens by default when it is a directory (spec 000 §2).
    if (trail.length === 0 && ['/home', '/dashboard', '/404'].includes(location.pathname)) {
      const first = menu[0];
      if (first?.type === 1) setOpenKeys((keys) => (keys.includes(first.id) ? keys : [...keys, first.id]));
      return;
    }
    setOpenKeys((keys) => [...new Set([...keys, ...trail.slice(0, -1)])]);
  }, [trail, menu, location.pathname]);

  return (
    <Menu
      theme={theme}
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={trail.slice(-1)}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        const item = byId.get(String(key));
        if (!item) return;
        openItem(item);
        onOpened?.();
      }}
      data-testid="side-menu"
    />
  );
}
