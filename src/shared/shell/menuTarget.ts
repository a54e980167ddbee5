import type { MenuItem } from '../sessionInfo.js';

/**
 * Where a menu item leads (spec 000 §2, "Dynamic routes from the menu"). Pure, so the side menu, the top menu,
 * the menu search and the catch-all route all agree on one reading of the nine item types.
 */
export const MenuType = {
  catalog: 0,
  directory: 1,
  page: 2,
  dynamicForm: 3,
  dynamicDictionary: 4,
  dynamicReport: 5,
  bigScreen: 6,
  externalLink: 7,
  dynamicPortal: 8,
} as const;

/** The placeholders an external link may carry, as JNPF writes them. */
export const DATAV_PLACEHOLDER = '${dataV}';
export const TOKEN_PLACEHOLDER = '${jnpfToken}';
/** The data-visualisation path under the origin (spec 000 §9). */
export const DATAV_PATH = '/DataV';
/** The embedded link page; the address arrives encoded in query href (spec 000 §2). */
export const EXTERNAL_LINK_PATH = '/externalLink';

export type MenuTarget =
  /** Catalog and directory: they group, they do not open. */
  | { kind: 'group'; path: string }
  /** A page inside the workspace. Dynamic models carry their module id and tree flag. */
  | { kind: 'route'; path: string; moduleId?: string; isTree?: 0 | 1 }
  /** A new browser window (big screens, external links not targeted at _self). */
  | { kind: 'window'; url: string };

export interface LinkContext {
  /** The site origin, e.g. https://lab.example.org */
  origin: string;
  /** The stored session token, appended where the spec says so. */
  token: string;
}

const DYNAMIC_MODEL_TYPES = new Set<number>([MenuType.dynamicForm, MenuType.dynamicDictionary, MenuType.dynamicReport, MenuType.dynamicPortal]);

/** propertyJson is administrator-entered text; a malformed one gives no module rather than a broken menu. */
export function menuProperties(item: Pick<MenuItem, 'propertyJson'>): { moduleId?: string; isTree: 0 | 1 } {
  if (!item.propertyJson) return { isTree: 0 };
  try {
    const parsed = JSON.parse(item.propertyJson) as { moduleId?: unknown; isTree?: unknown } | null;
    const moduleId = parsed && (typeof parsed.moduleId === 'string' || typeof parsed.moduleId === 'number') ? String(parsed.moduleId) : undefined;
    return { moduleId, isTree: parsed && Number(parsed.isTree) === 1 ? 1 : 0 };
  } catch {
    return { isTree: 0 };
  }
}

const isAbsolute = (url: string) => /^[a-z][a-z\d+.-]*:\/\//i.test(url);
const inAppPath = (address: string) => `/${address.replace(/^\/+/, '')}`;

/** Relative addresses are prefixed with the site origin (spec 000 §2). */
export function absoluteUrl(address: string, origin: string): string {
  return isAbsolute(address) ? address : `${origin.replace(/\/+$/, '')}${inAppPath(address)}`;
}

/** An external link's address with the data-visualisation base and the token substituted. */
export function externalLinkUrl(urlAddress: string, context: LinkContext): string {
  const substituted = urlAddress.split(DATAV_PLACEHOLDER).join(context.origin + DATAV_PATH).split(TOKEN_PLACEHOLDER).join(encodeURIComponent(context.token));
  return absoluteUrl(substituted, context.origin);
}

export function menuTarget(item: MenuItem, context: LinkContext): MenuTarget {
  const address = item.urlAddress?.trim() ?? '';
  switch (item.type) {
    case MenuType.catalog:
    case MenuType.directory:
      return { kind: 'group', path: `/${item.enCode}` };
    case MenuType.page:
      return { kind: 'route', path: address ? inAppPath(address.split('?')[0]) : item.path };
    case MenuType.bigScreen: {
      const { moduleId } = menuProperties(item);
      return { kind: 'window', url: `${context.origin}${DATAV_PATH}/view/${encodeURIComponent(moduleId ?? '')}?token=${encodeURIComponent(context.token)}` };
    }
    case MenuType.externalLink: {
      const url = externalLinkUrl(address, context);
      if (item.linkTarget === '_self') return { kind: 'route', path: `${EXTERNAL_LINK_PATH}?href=${encodeURIComponent(url)}` };
      return { kind: 'window', url };
    }
    default:
      if (DYNAMIC_MODEL_TYPES.has(item.type)) {
        const { moduleId, isTree } = menuProperties(item);
        return { kind: 'route', path: address ? inAppPath(address.split('?')[0]) : item.path, moduleId, isTree };
      }
      // Any other type navigates inside the application.
      return { kind: 'route', path: item.path };
  }
}

/** Every item a user can open, depth first, with the titles of its ancestors (for search and breadcrumbs). */
export interface MenuEntry {
  item: MenuItem;
  trail: string[];
}

export function openableEntries(menu: readonly MenuItem[], trail: string[] = []): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const item of menu) {
    if (item.hidden) continue;
    if (item.type === MenuType.catalog || item.type === MenuType.directory) entries.push(...openableEntries(item.children, [...trail, item.fullName]));
    else entries.push({ item, trail });
  }
  return entries;
}

/** The menu item behind an in-app path, if this user has one. */
export function findMenuItemByPath(menu: readonly MenuItem[], path: string, context: LinkContext): MenuItem | undefined {
  return openableEntries(menu)
    .map((entry) => entry.item)
    .find((item) => {
      const target = menuTarget(item, context);
      return target.kind === 'route' && target.path.split('?')[0] === path;
    });
}

/**
 * What /externalLink may embed: a page of this site, or an address one of this user's menu items embeds. Anything
 * else, however it was put in the query, is refused, so a crafted link cannot frame a look-alike page inside the
 * workspace; non-web schemes (javascript:, data:) never pass.
 */
export function embeddableHref(href: string | null, menu: readonly MenuItem[], context: LinkContext): string | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href, context.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === new URL(context.origin).origin) return url.href;
  const offered = openableEntries(menu).some(({ item }) => {
    const target = menuTarget(item, context);
    return target.kind === 'route' && target.path === `${EXTERNAL_LINK_PATH}?href=${encodeURIComponent(href)}`;
  });
  return offered ? url.href : null;
}

/** The page title per route: '{route title} - {product name}' (spec 000 §2). */
export function pageTitle(routeTitle: string | undefined, productName: string): string {
  return routeTitle ? `${routeTitle} - ${productName}` : productName;
}
