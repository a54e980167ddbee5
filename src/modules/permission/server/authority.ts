import type { Kysely } from 'kysely';
import type { MenuItem, PermissionEntry, PermissionResource } from '../../../shared/sessionInfo.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { grantedItemIds, granteesOf } from './grants.js';

/**
 * What one user may see: the menu items and, per page, the button, column and form codes (spec 000 §6).
 * A user's permission is the union of what their roles, positions, groups and they themselves are granted
 * (grants.ts); the administrator sees everything.
 */
/** Catalogs (0) and directories (1) group pages; every other type is something a user opens. */
const GROUP_TYPES = new Set([0, 1]);

export interface Authority {
  menuList: MenuItem[];
  routerList: MenuItem[];
  permissionList: PermissionEntry[];
}

function routePath(type: number, enCode: string, urlAddress: string | null): string {
  if (GROUP_TYPES.has(type) || !urlAddress) return `/${enCode}`;
  // A page is loaded by its address without the query part (spec 000 §2).
  const address = type === 2 ? urlAddress.split('?')[0] : urlAddress;
  return /^https?:\/\//.test(address) ? address : `/${address.replace(/^\/+/, '')}`;
}

export async function loadAuthority(db: Kysely<DB>, userId: string, isAdministrator: boolean): Promise<Authority> {
  const modules = await db.selectFrom('base_module').selectAll().where('enabled_mark', '=', 1).orderBy('sort_code').orderBy('full_name').execute();
  const byId = new Map(modules.map((m) => [m.id, m]));

  const grantees = isAdministrator ? [] : await granteesOf(db, userId);
  const grantedIds = (itemType: string) => grantedItemIds(db, grantees, itemType);
  let visible: Set<string>;
  if (isAdministrator) {
    visible = new Set(modules.map((m) => m.id));
  } else {
    visible = new Set<string>();
    // A granted page brings its ancestors, or the tree would have no way to reach it.
    for (const id of await grantedIds('module')) {
      let current = byId.get(id);
      while (current && !visible.has(current.id)) {
        visible.add(current.id);
        current = byId.get(current.parent_id);
      }
    }
  }

  const items = new Map<string, MenuItem>();
  for (const m of modules) {
    if (!visible.has(m.id)) continue;
    items.set(m.id, {
      id: m.id,
      parentId: m.parent_id,
      type: m.type,
      enCode: m.en_code,
      fullName: m.full_name,
      icon: m.icon,
      urlAddress: m.url_address,
      linkTarget: m.link_target,
      propertyJson: m.property_json,
      sortCode: m.sort_code,
      path: routePath(m.type, m.en_code, m.url_address),
      vueName: m.en_code,
      hidden: false,
      hasChildren: false,
      children: [],
    });
  }
  const menuList: MenuItem[] = [];
  for (const item of items.values()) {
    const parent = items.get(item.parentId);
    if (parent) {
      parent.children.push(item);
      parent.hasChildren = true;
    } else {
      menuList.push(item);
    }
  }
  // A directory left empty (all its pages hidden from this user) is noise in the menu.
  const prune = (list: MenuItem[]): MenuItem[] =>
    list.filter((item) => {
      item.children = prune(item.children);
      item.hasChildren = item.children.length > 0;
      return !GROUP_TYPES.has(item.type) || item.hasChildren;
    });
  const pruned = prune(menuList);

  const pages: MenuItem[] = [];
  const walk = (list: MenuItem[]) => list.forEach((item) => (GROUP_TYPES.has(item.type) ? walk(item.children) : pages.push(item)));
  walk(pruned);

  const resources = async (table: 'base_module_button' | 'base_module_column' | 'base_module_form' | 'base_module_data_scheme', itemType: string) => {
    const pageIds = pages.map((p) => p.id);
    if (pageIds.length === 0) return new Map<string, PermissionResource[]>();
    const rows = await db.selectFrom(table).select(['id', 'module_id', 'en_code', 'full_name']).where('module_id', 'in', pageIds).orderBy('sort_code').execute();
    const granted = isAdministrator ? undefined : await grantedIds(itemType);
    const byModule = new Map<string, PermissionResource[]>();
    for (const row of rows) {
      if (granted && !granted.has(row.id)) continue;
      const list = byModule.get(row.module_id) ?? [];
      list.push({ id: row.id, enCode: row.en_code, fullName: row.full_name });
      byModule.set(row.module_id, list);
    }
    return byModule;
  };
  const [buttons, columns, forms, schemes] = await Promise.all([
    resources('base_module_button', 'button'),
    resources('base_module_column', 'column'),
    resources('base_module_form', 'form'),
    resources('base_module_data_scheme', 'resource'),
  ]);

  const permissionList = pages.map((page) => ({
    modelId: page.id,
    moduleName: page.fullName,
    button: buttons.get(page.id) ?? [],
    column: columns.get(page.id) ?? [],
    form: forms.get(page.id) ?? [],
    resource: schemes.get(page.id) ?? [],
  }));
  return { menuList: pruned, routerList: pages, permissionList };
}
