import type { MenuProps } from 'antd';
import type { MenuItem } from '../../../../shared/sessionInfo.js';
import { MenuType, menuTarget, openableEntries, type LinkContext } from '../../../../shared/shell/menuTarget.js';
import { MenuIcon } from './menuIcon.js';

export type AntMenuEntry = Required<MenuProps>['items'][number];

const isGroup = (item: MenuItem) => item.type === MenuType.catalog || item.type === MenuType.directory;

/** antd menu entries keyed by menu item id; groups become submenus. */
export function toAntMenu(list: readonly MenuItem[], withIcons = true): AntMenuEntry[] {
  return list
    .filter((item) => !item.hidden)
    .map((item) =>
      isGroup(item)
        ? { key: item.id, label: item.fullName, icon: withIcons ? <MenuIcon name={item.icon} /> : undefined, children: toAntMenu(item.children, withIcons) }
        : { key: item.id, label: <span data-menu-path={item.path}>{item.fullName}</span>, icon: withIcons ? <MenuIcon name={item.icon} /> : undefined },
    );
}

export function indexMenu(list: readonly MenuItem[]): Map<string, MenuItem> {
  const byId = new Map<string, MenuItem>();
  const walk = (items: readonly MenuItem[]) =>
    items.forEach((item) => {
      byId.set(item.id, item);
      walk(item.children);
    });
  walk(list);
  return byId;
}

/** The ids from the top group down to the item whose route is this path (selected key and open submenus). */
export function activeTrail(list: readonly MenuItem[], pathname: string, context: LinkContext): string[] {
  const search = (items: readonly MenuItem[], trail: string[]): string[] | null => {
    for (const item of items) {
      if (isGroup(item)) {
        const found = search(item.children, [...trail, item.id]);
        if (found) return found;
        continue;
      }
      const target = menuTarget(item, context);
      if (target.kind === 'route' && target.path.split('?')[0] === pathname) return [...trail, item.id];
    }
    return null;
  };
  return search(list, []) ?? [];
}

/** The first page a group leads to, used when a top-menu group is chosen in the blend layout. */
export function firstOpenable(item: MenuItem): MenuItem | undefined {
  return openableEntries([item])[0]?.item;
}
