import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DataScopeRequest } from '../crud/dataScope.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../appError.js';
import { holdsButton, opensMenu, ungrantedFields } from './permission.js';

/**
 * Permissions of pages made at run time (spec 000 §6 for dynamic menus): an online-development design released to
 * a menu item of type 3 whose propertyJson.moduleId is the design's id. Such routes cannot name their menu in
 * `config.permission` (it is known only from the path's design id), so their handlers ask here: the caller must
 * open one of the design's menus (the one the client names by menuId, if it names one), a write must hold the
 * button on it, and its column and form permissions and data schemes apply as they do to static pages.
 */
export interface DesignMenu {
  id: string;
  enCode: string;
  fullName: string;
}

/** The enabled menus a design is released to. */
export async function designMenus(db: Kysely<DB>, designId: string): Promise<DesignMenu[]> {
  // property_json is text written by several modules; ids are matched as text first, then the JSON is read.
  const rows = await db
    .selectFrom('base_module')
    .select(['id', 'en_code', 'full_name', 'property_json'])
    .where('type', '=', 3)
    .where('enabled_mark', '=', 1)
    .where('property_json', 'like', `%${designId.replace(/[%_\\]/g, '\\$&')}%`)
    .orderBy('sort_code')
    .orderBy('id')
    .execute();
  return rows
    .filter((row) => {
      try {
        return (JSON.parse(row.property_json ?? '{}') as { moduleId?: unknown }).moduleId === designId;
      } catch {
        return false;
      }
    })
    .map((row) => ({ id: row.id, enCode: row.en_code, fullName: row.full_name }));
}

export interface DesignAccess {
  /** The menu the call is judged on; undefined for the administrator on a design released to no menu. */
  menu?: DesignMenu;
  /** What to pass to a scoped list (the menu's data schemes). */
  dataScope: DataScopeRequest;
  /** Form fields (`field`, `table-column`) and list columns the caller was not granted on that menu. */
  hiddenFields?: Set<string>;
  hiddenColumns?: Set<string>;
}

/**
 * Checks a call on a design's records and answers what applies to it. Refuses (403) a caller who opens none of
 * the design's menus, or lacks the button on every menu they open; the administrator passes everywhere.
 */
export async function authorizeDesign(
  app: FastifyInstance,
  db: Kysely<DB>,
  request: FastifyRequest,
  designId: string,
  options: { button?: string | readonly string[]; menuId?: unknown } = {},
): Promise<DesignAccess> {
  const session = request.session;
  if (!session) throw AppError.forbidden();
  const menus = await designMenus(db, designId);
  const named = typeof options.menuId === 'string' && options.menuId ? menus.filter((m) => m.id === options.menuId || m.enCode === options.menuId) : [];
  const candidates = named.length ? named : menus;
  const buttons = options.button === undefined ? [] : typeof options.button === 'string' ? [options.button] : options.button;
  let chosen: DesignMenu | undefined;
  for (const menu of candidates) {
    const allowed = buttons.length
      ? (await Promise.all(buttons.map((b) => holdsButton(app.grants, request, menu.enCode, b)))).some(Boolean)
      : await opensMenu(app.grants, request, menu.enCode);
    if (allowed) {
      chosen = menu;
      break;
    }
  }
  if (!chosen && !session.isAdministrator) throw AppError.forbidden();
  const menuCode = chosen?.enCode ?? '';
  return {
    menu: chosen,
    dataScope: { userId: session.userId, isAdministrator: session.isAdministrator, menu: menuCode, resolver: (scope) => app.grants.dataScope(scope) },
    hiddenFields: chosen ? await ungrantedFields(app.grants, request, menuCode, 'forms') : undefined,
    hiddenColumns: chosen ? await ungrantedFields(app.grants, request, menuCode, 'columns') : undefined,
  };
}
