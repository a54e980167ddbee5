import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Menu } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../../../shared/sessionInfo.js';
import { visibleTopMenuCount } from '../../../../shared/shell/topMenuOverflow.js';
import { activeTrail, indexMenu, toAntMenu, type AntMenuEntry } from './menuModel.js';
import { linkContext } from '../../stores/linkContext.js';
import { useOpenMenuItem } from './useOpenMenuItem.js';

/** The synthetic overflow entry of spec 000 §2. */
export const MENU_MORE_KEY = '/menuMore';

interface TopMenuProps {
  menu: readonly MenuItem[];
  theme: 'dark' | 'light';
  /** Blend layout: the top menu shows only the first level; choosing a group hands it to the sider. */
  firstLevelOnly?: boolean;
  onGroupChosen?: (item: MenuItem) => void;
  activeGroupId?: string;
}

/**
 * The horizontal menu of the functional and blend layouts. What does not fit (116 px an item) moves into a
 * 'more' submenu, measured against the space the bar actually has, so a narrow window keeps every entry reachable.
 */
export function TopMenu({ menu, theme, firstLevelOnly = false, onGroupChosen, activeGroupId }: TopMenuProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const openItem = useOpenMenuItem();
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const byId = useMemo(() => indexMenu(menu), [menu]);
  const visibleMenu = useMemo(() => menu.filter((item) => !item.hidden), [menu]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const measure = () => setWidth(box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const { items, shown } = useMemo(() => {
    const source = firstLevelOnly ? visibleMenu.map((item) => ({ ...item, children: [] })) : visibleMenu;
    const all = toAntMenu(source);
    const count = visibleTopMenuCount(width, all.length);
    if (count >= all.length) return { items: all, shown: count };
    const more: AntMenuEntry = { key: MENU_MORE_KEY, label: <span data-testid="menu-more">{t('nav.more')}</span>, icon: <EllipsisOutlined />, children: all.slice(count) };
    return { items: [...all.slice(0, count), more], shown: count };
  }, [visibleMenu, firstLevelOnly, width, t]);

  const trail = activeTrail(menu, location.pathname, linkContext());
  const selected = firstLevelOnly ? [activeGroupId ?? trail[0] ?? ''] : trail.slice(-1);

  return (
    <div ref={boxRef} className="lc-top-menu">
      <Menu
        // rc-menu remembers where each key sat; a new split between bar and 'more' starts it afresh, or 'more'
        // stays highlighted for a page that has moved out of it.
        key={shown}
        theme={theme}
        mode="horizontal"
        disabledOverflow
        items={items}
        selectedKeys={selected}
        onClick={({ key }) => {
          const item = byId.get(String(key));
          if (!item) return;
          if (firstLevelOnly && item.children.length > 0) onGroupChosen?.(item);
          else openItem(item);
        }}
        data-testid="top-menu"
      />
    </div>
  );
}
