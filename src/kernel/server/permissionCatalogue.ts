import type { FastifyInstance } from 'fastify';
import type { ServerModule } from './module.js';
import type { RoutePermission } from './plugins/permission.js';

/**
 * The permission catalogue: every (menu, button) a route checks must be declared by a module. A route naming an
 * undeclared one would refuse everyone but the administrator, silently; this makes it a start-up error instead.
 */
export function collectRoutePermissions(app: FastifyInstance): { url: string; permission: RoutePermission }[] {
  const found: { url: string; permission: RoutePermission }[] = [];
  app.addHook('onRoute', (route) => {
    const permission = (route.config as { permission?: RoutePermission } | undefined)?.permission;
    if (permission) found.push({ url: `${String(route.method)} ${route.url}`, permission });
  });
  return found;
}

export function checkDeclaredPermissions(modules: readonly ServerModule[], routes: { url: string; permission: RoutePermission }[]): void {
  const declared = new Map<string, Set<string>>();
  for (const module of modules) {
    for (const { menu, buttons } of module.permissions ?? []) {
      const set = declared.get(menu) ?? new Set<string>();
      buttons.forEach((button) => set.add(button));
      declared.set(menu, set);
    }
  }
  for (const { url, permission } of routes) {
    const buttons = declared.get(permission.menu);
    if (!buttons) throw new Error(`${url} checks menu ${permission.menu}, which no module declares`);
    if (permission.button && !buttons.has(permission.button)) throw new Error(`${url} checks ${permission.menu}/${permission.button}, which no module declares`);
    for (const menu of permission.alsoMenus ?? []) if (!declared.has(menu)) throw new Error(`${url} checks menu ${menu}, which no module declares`);
  }
}
