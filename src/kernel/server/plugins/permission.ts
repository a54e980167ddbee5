import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../appError.js';
import type { DataScopeRequest } from '../crud/dataScope.js';
import type { GrantStore } from '../grants.js';
import { refusedFormFields, stripColumns, stripFormFields, ungranted } from './fieldPermissions.js';

/**
 * Declarative permissions (spec 000 §6). A route says what it needs in its config, and this plugin enforces it:
 *
 *   { menu: 'permission.user', button: 'btn_add' }                 a write needing a button on a menu page
 *   { menu: 'permission.user', dataScope: true, columns: true }     a scoped list whose ungranted columns are removed
 *   { menu: 'permission.user', form: 'read' }                       a record read, ungranted form fields removed
 *   { menu: 'permission.user', button: 'btn_edit', form: 'write' }  a write refused if it sets an ungranted field
 *   { menu: 'permission.user' }                                     needs only that the caller can open the page
 *   { menu: 'permission.role', alsoMenus: ['permission.authorize'] } opening either page is enough
 *
 * Menus and buttons are checked before the body is read, form fields of a write right after it is parsed (before
 * the handler), columns and read fields on the way out. A user's permission is the union of what their roles,
 * positions, groups and they themselves are granted (the permission module's grants.ts); the administrator holds
 * everything and sees everything. Menu codes and buttons must be declared by some module
 * (ServerModule.permissions): app.ts refuses to start on a route naming an undeclared one.
 */
export interface RoutePermission {
  /** The menu page (base_module.en_code) the call belongs to; without a button the caller must be able to open it. */
  menu: string;
  /**
   * Other pages the call also serves (JNPF's OR of permissions): without a button, opening any of them is enough.
   * The role list, say, serves the role page and the permission page that assigns roles their permissions.
   */
  alsoMenus?: readonly string[];
  /** A write: the caller must hold this button on the menu page. */
  button?: string;
  /** A list filtered by the caller's data scope on the menu page: request.dataScope is set for listQuery. */
  dataScope?: true;
  /** A list answer: columns the caller was not granted are removed from its rows (menus with column permission on). */
  columns?: true;
  /** A record: 'read' removes form fields the caller was not granted; 'write' refuses a body that sets one. */
  form?: 'read' | 'write';
  /**
   * Other properties of an answer that carry a column's or form field's value (a list row's fullName is
   * "realName/account"): when the code is hidden they are removed with it, so no second name shows what it hides.
   */
  aliases?: Readonly<Record<string, readonly string[]>>;
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
    /** Set on data-scoped routes: pass it to listQuery so the list shows what the caller's grants may see. */
    dataScope?: DataScopeRequest;
  }
}

export async function holdsButton(grants: GrantStore, request: FastifyRequest, menu: string, button: string): Promise<boolean> {
  const session = request.session;
  if (!session) return false;
  if (session.isAdministrator) return true;
  return (await grants.buttons(session.userId)).get(menu)?.has(button) ?? false;
}

/** Whether the caller can open the menu page (the administrator opens every page). */
export async function opensMenu(grants: GrantStore, request: FastifyRequest, menu: string): Promise<boolean> {
  const session = request.session;
  if (!session) return false;
  return session.isAdministrator || (await grants.grants(session.userId)).menus.has(menu);
}

/**
 * Stored configuration (an interface's SQL, address and headers, a template's layout, third-party keys) is
 * readable only by who may edit it: who can open the page that edits it. A route open to every signed-in user (a
 * selector, a designer's picker) asks this, and answers the others a record's picker view at most.
 */
export const readsConfiguration = (request: FastifyRequest, menu: string): Promise<boolean> => opensMenu(request.server.grants, request, menu);

/** What a picker shows and stores of a configured record; nothing of how the record does its work. */
export const PICKER_FIELDS = ['id', 'fullName', 'enCode', 'category', 'type', 'hasPage', 'sortCode', 'enabledMark'] as const;
export type PickerView<T> = Pick<T, Extract<keyof T, (typeof PICKER_FIELDS)[number]>>;

/** A record as a picker sees it: its picker fields, whatever else it carries left out. */
export function pickerView<T extends object>(record: T): PickerView<T> {
  return Object.fromEntries(PICKER_FIELDS.filter((field) => field in record).map((field) => [field, record[field as keyof T]])) as PickerView<T>;
}

/** The fields of a page the caller may not see or set, or undefined when the page does not control them. */
export async function ungrantedFields(grants: GrantStore, request: FastifyRequest, menu: string, kind: 'columns' | 'forms'): Promise<Set<string> | undefined> {
  const session = request.session;
  if (!session || session.isAdministrator) return undefined;
  const entry = (await grants.catalogue()).get(menu);
  if (!entry || !(kind === 'columns' ? entry.columnAuthorize : entry.formAuthorize)) return undefined;
  const held = (await grants.grants(session.userId))[kind].get(menu) ?? new Set<string>();
  return ungranted(kind === 'columns' ? entry.columns : entry.forms, held);
}

type Hook = (...args: never[]) => unknown;
/** A route's own hooks of one kind with one more: Fastify takes a function or a list there. */
const withHook = (existing: Hook | Hook[] | undefined, hook: Hook): Hook[] => [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), hook];

export const permissionPlugin = fp(async (app: FastifyInstance, options: { grants: GrantStore }) => {
  const { grants } = options;
  app.decorate('grants', grants);
  app.decorateRequest('dataScope', undefined);

  /** Menus and buttons, before the body is read. */
  const checkAccess = (permission: RoutePermission) => async (request: FastifyRequest) => {
    // The session plugin ran first: a route with a permission is never public, so there is a session here.
    const session = request.session;
    if (!session) throw AppError.forbidden();
    if (permission.button) {
      if (!(await holdsButton(grants, request, permission.menu, permission.button))) throw AppError.forbidden();
    } else {
      // A scoped list or a record is still a menu page's: the caller must be able to open the page at all.
      let opens = false;
      for (const menu of [permission.menu, ...(permission.alsoMenus ?? [])]) if (!opens) opens = await opensMenu(grants, request, menu);
      if (!opens) throw AppError.forbidden();
    }
    if (permission.dataScope) {
      request.dataScope = { userId: session.userId, isAdministrator: session.isAdministrator, menu: permission.menu, resolver: (scope) => grants.dataScope(scope) };
    }
  };

  /** A write's form fields, right after the body is parsed. */
  const checkFormWrite = (permission: RoutePermission) => async (request: FastifyRequest) => {
    const hidden = await ungrantedFields(grants, request, permission.menu, 'forms');
    if (!hidden) return;
    const refused = refusedFormFields(request.body, hidden);
    if (refused.length) throw new AppError(ResultCode.forbidden, 'fieldPermission.fieldsNotGranted', { fields: refused.join(', ') });
  };

  /** Columns and read fields, on the way out. */
  const stripAnswer = (permission: RoutePermission) => async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
    const envelope = payload as { code?: unknown; data?: unknown } | null;
    if (!envelope || typeof envelope !== 'object' || envelope.code !== ResultCode.success) return payload;
    const withAliases = (hidden: Set<string>) => {
      for (const code of [...hidden]) for (const alias of permission.aliases?.[code] ?? []) hidden.add(alias);
      return hidden;
    };
    if (permission.columns) {
      const hidden = await ungrantedFields(grants, request, permission.menu, 'columns');
      if (hidden) stripColumns(envelope.data, withAliases(hidden));
    }
    if (permission.form === 'read') {
      const hidden = await ungrantedFields(grants, request, permission.menu, 'forms');
      if (hidden) stripFormFields(envelope.data, withAliases(hidden));
    }
    return payload;
  };

  // Each route gets the checks its permission names as hooks of its own, added when it is declared: a call
  // that needs none (the areas list, a public route) runs none, and none asks on every call whether it applies
  // (issue 15). Route hooks run after the global ones, so the session is known by then.
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission) return;
    route.onRequest = withHook(route.onRequest as Hook | Hook[] | undefined, checkAccess(permission)) as typeof route.onRequest;
    if (permission.form === 'write') route.preValidation = withHook(route.preValidation as Hook | Hook[] | undefined, checkFormWrite(permission)) as typeof route.preValidation;
    if (permission.columns || permission.form === 'read') route.preSerialization = withHook(route.preSerialization as Hook | Hook[] | undefined, stripAnswer(permission)) as typeof route.preSerialization;
  });
});

/** Route options requiring one button of a menu page: `{ schema, ...can('btn_add') }`. */
export const buttonsOf = (menu: string) => (button: string) => ({ config: { permission: { menu, button } } });
