import type { MenuItem } from '../../../../shared/sessionInfo.js';
import { menuTarget, openableEntries, type LinkContext } from '../../../../shared/shell/menuTarget.js';

/** What the shell knows of a route: its tab title (a menu name or a translation key) and icon. */
export interface RouteMeta {
  title: string;
  titleKey?: string;
  icon?: string | null;
}

/** The fixed routes under the root layout (spec 000 §2), titled by translation key. */
const FIXED_ROUTES: Record<string, RouteMeta> = {
  '/home': { title: '', titleKey: 'nav.home', icon: 'HomeOutlined' },
  '/profile': { title: '', titleKey: 'nav.profile', icon: 'UserOutlined' },
  '/previewModel': { title: '', titleKey: 'nav.previewModel', icon: 'FormOutlined' },
  '/messageRecord': { title: '', titleKey: 'nav.messageRecord', icon: 'MailOutlined' },
  '/workFlowDetail': { title: '', titleKey: 'nav.workFlowDetail', icon: 'BranchesOutlined' },
  '/externalLink': { title: '', titleKey: 'nav.externalLink', icon: 'LinkOutlined' },
  '/orderDetail': { title: '', titleKey: 'nav.orderDetail', icon: 'ContainerOutlined' },
  '/fromMall': { title: '', titleKey: 'nav.fromMall', icon: 'ShopOutlined' },
  '/dashboard': { title: '', titleKey: 'nav.dashboard', icon: 'DashboardOutlined' },
  '/emailDetail': { title: '', titleKey: 'nav.emailDetail', icon: 'MailOutlined' },
};

/**
 * The meta of a location: a menu item whose target is this exact path and query (an embedded external link),
 * then one whose path matches, then a fixed route. Unknown paths have none and get no tab.
 */
export function routeMeta(menu: readonly MenuItem[], pathname: string, search: string, context: LinkContext): RouteMeta | undefined {
  const entries = openableEntries(menu);
  const withQuery = pathname + search;
  const targets = entries.map(({ item }) => ({ item, target: menuTarget(item, context) }));
  const exact = targets.find(({ target }) => target.kind === 'route' && target.path === withQuery);
  const byPath = exact ?? targets.find(({ target }) => target.kind === 'route' && target.path.split('?')[0] === pathname);
  if (byPath) return { title: byPath.item.fullName, icon: byPath.item.icon };
  return FIXED_ROUTES[pathname];
}
