import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../appError.js';
import type { DataScopeRequest } from '../crud/dataScope.js';
import type { GrantStore } from '../modules/permission/grants.js';

/**
 * Declarative permissions (spec 000 §6). A route says what it needs in its config, and this one hook checks it,
 * before the body is read, so a refused call does nothing:
 *
 *   { config: { permission: { menu: 'systemData.dictionary', button: 'btn_add' } } }   a button on a menu page
 *   { config: { permission: { menu: 'system.billRule', dataScope: true } } }            a list filtered by scope
 *
 * The client hides what the user may not do; this makes hiding it more than cosmetic. The administrator holds
 * every button. Menu codes and buttons must be declared by some module (ServerModule.permissions): app.ts refuses
 * to start on a route naming an undeclared one, so a typo cannot silently lock everyone out.
 */
export interface RoutePermission {
  /** The menu page (base_module.en_code) the call belongs to; without a button the caller must be able to open it. */
  menu: string;
  /** A write: the caller must hold this button on the menu page. */
  button?: string;
  /** A list filtered by the caller's data scope on the menu page: request.dataScope is set for listQuery. */
  dataScope?: true;
  /** A list answer: columns the caller was not granted are removed from its rows (menus with column permission on). */
  columns?: true;
  /** A record: 'read' removes form fields the caller was not granted; 'write' refuses a body that sets one. */
  form?: 'read' | 'write';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyInstance {
    /** The grant store the plugin checks; whoever changes roles or grants invalidates it. */
    grants: GrantStore;
  }
  interface FastifyRequest {
    /** Set on data-scoped routes: pass it to listQuery so the list shows what the caller's roles may see. */
    dataScope?: DataScopeRequest;
  }
}

export async function holdsButton(grants: GrantStore, request: FastifyRequest, menu: string, button: string): Promise<boolean> {
  const session = request.session;
  if (!session) return false;
  if (session.isAdministrator) return true;
  return (await grants.buttons(session.userId)).get(menu)?.has(button) ?? false;
}

export const permissionPlugin = fp(async (app: FastifyInstance, options: { grants: GrantStore }) => {
  app.decorate('grants', options.grants);
  app.decorateRequest('dataScope', undefined);
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission) return;
    // The session plugin ran first: a route with a permission is never public, so there is a session here.
    const session = request.session;
    if (!session) throw AppError.forbidden();
    if (permission.button) {
      if (!(await holdsButton(options.grants, request, permission.menu, permission.button))) throw AppError.forbidden();
      return;
    }
    // A scoped list is still a menu page's list: the caller must be able to open the page at all.
    if (!session.isAdministrator && !(await options.grants.grants(session.userId)).menus.has(permission.menu)) throw AppError.forbidden();
    request.dataScope = { userId: session.userId, isAdministrator: session.isAdministrator, menu: permission.menu };
  });
});

/** Route options requiring one button of a menu page: `{ schema, ...can('btn_add') }`. */
export const buttonsOf = (menu: string) => (button: string) => ({ config: { permission: { menu, button } } });
