import type { DataScope, DataScopeRequest } from './crud/dataScope.js';

/**
 * What the permission plugin asks of grants on every call (spec 000 §6): the pages, buttons, list columns and form
 * fields a user holds, the permission facts of each page, and a caller's data scope. The permission module keeps
 * them (roles, positions, groups, users and what each is granted) and provides the store (ServerModule.grants).
 */
export type ButtonGrants = ReadonlyMap<string, ReadonlySet<string>>;

/** The menu pages a user may open and, per page (by menu code), what they hold there. */
export interface HeldGrants {
  menus: ReadonlySet<string>;
  buttons: ButtonGrants;
  columns: ReadonlyMap<string, ReadonlySet<string>>;
  forms: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Per menu page: whether its columns and form fields are permission-controlled, which exist, whether it has schemes. */
export interface MenuCatalogueEntry {
  columnAuthorize: boolean;
  formAuthorize: boolean;
  columns: ReadonlySet<string>;
  forms: ReadonlySet<string>;
  hasSchemes: boolean;
}

export interface GrantStore {
  grants(userId: string): Promise<HeldGrants>;
  buttons(userId: string): Promise<ButtonGrants>;
  /** The permission facts of every menu page, by menu code. */
  catalogue(): Promise<ReadonlyMap<string, MenuCatalogueEntry>>;
  /** The data scope of a caller on a menu page: the union of the schemes granted to them there. */
  dataScope(request: DataScopeRequest): Promise<DataScope>;
  /** After a change to roles, members, grants or menus: every process reloads (one user's, or everyone's). */
  invalidate(userId?: string): Promise<void>;
}

/** Without a module providing grants: nothing is held, so only the administrator passes a permission check. */
export const NO_GRANTS: GrantStore = {
  grants: async () => ({ menus: new Set(), buttons: new Map(), columns: new Map(), forms: new Map() }),
  buttons: async () => new Map(),
  catalogue: async () => new Map(),
  dataScope: async () => ({ kind: 'none' }),
  invalidate: async () => undefined,
};
