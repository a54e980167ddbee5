import { sql, type Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { Infrastructure, SharedCache } from '../../../kernel/server/infra/infrastructure.js';
import type { DataScope, DataScopeRequest } from '../../../kernel/server/crud/dataScope.js';
import type { ButtonGrants, GrantStore as KernelGrantStore, HeldGrants, MenuCatalogueEntry } from '../../../kernel/server/grants.js';
import { parseConditions, type SchemeCondition } from './schemeConditions.js';

/**
 * What a user may do, per menu page (spec 000 §6), as the permission plugin checks it on every call: the pages,
 * buttons, list columns, form fields and data schemes granted to them. A user's permission is the union of what
 * base_authorize grants their enabled roles, their enabled positions, the user itself, their enabled groups and the
 * enabled permission groups they are a member of (as themselves, or by organisation, role, position or group).
 *
 * Read once per user and cached in each process; whoever changes roles, members, grants or menus calls
 * invalidate() AFTER the change has committed (called inside the transaction, another process could reload the
 * old grants before the commit and keep them), and the event bus drops the cached grants in every process.
 */
export type { ButtonGrants, MenuCatalogueEntry };

/** A granted data scheme of a page, as the data scope needs it. */
export interface SchemeGrant {
  id: string;
  kind: string;
  logic: 'and' | 'or';
  conditions: readonly SchemeCondition[];
}

/** What a user holds, with the data schemes granted to them per page. */
export interface UserGrants extends HeldGrants {
  schemes: ReadonlyMap<string, readonly SchemeGrant[]>;
}

/** The kernel's grant store, answering the schemes too. */
export interface GrantStore extends KernelGrantStore {
  grants(userId: string): Promise<UserGrants>;
}

export interface Grantee {
  objectType: 'Role' | 'Position' | 'User' | 'Group' | 'PermissionGroup';
  objectId: string;
}

/** Who grants reach a user through: the user, their enabled roles, positions and groups, and the enabled permission groups they belong to. */
export async function granteesOf(db: Kysely<DB>, userId: string): Promise<Grantee[]> {
  const { rows } = await sql<{ object_type: Grantee['objectType']; object_id: string }>`
    select r.object_type, r.object_id from base_user_relation r join base_role x on x.id = r.object_id
      where r.user_id = ${userId} and r.object_type = 'Role' and x.enabled_mark = 1
    union
    select 'Position', p.id from base_position p
      where p.enabled_mark = 1 and (p.id in (select object_id from base_user_relation where user_id = ${userId} and object_type = 'Position')
        or p.id = (select position_id from base_user where id = ${userId}))
    union
    select r.object_type, r.object_id from base_user_relation r join base_group g on g.id = r.object_id
      where r.user_id = ${userId} and r.object_type = 'Group' and g.enabled_mark = 1
    union
    select 'PermissionGroup', pg.id from base_permission_group pg
      where pg.enabled_mark = 1 and exists (
        select 1 from base_permission_group_member m where m.group_id = pg.id and (
          (m.member_type = 'user' and m.member_id = ${userId})
          or (m.member_type in ('company', 'department') and m.member_id in (
            select organize_id from base_user where id = ${userId}
            union select object_id from base_user_relation where user_id = ${userId} and object_type = 'Organize'))
          or (m.member_type = 'role' and m.member_id in (
            select r.object_id from base_user_relation r join base_role x on x.id = r.object_id
              where r.user_id = ${userId} and r.object_type = 'Role' and x.enabled_mark = 1))
          or (m.member_type = 'position' and m.member_id in (
            select p.id from base_position p where p.enabled_mark = 1 and (
              p.id = (select position_id from base_user where id = ${userId})
              or p.id in (select object_id from base_user_relation where user_id = ${userId} and object_type = 'Position'))))
          or (m.member_type = 'group' and m.member_id in (
            select r.object_id from base_user_relation r join base_group g on g.id = r.object_id
              where r.user_id = ${userId} and r.object_type = 'Group' and g.enabled_mark = 1))
        ))
  `.execute(db);
  return [{ objectType: 'User', objectId: userId }, ...rows.map((r) => ({ objectType: r.object_type, objectId: r.object_id }))];
}

/** The item ids of one kind (module, button, column, form, resource, system) granted to any of the grantees. */
export async function grantedItemIds(db: Kysely<DB>, grantees: readonly Grantee[], itemType: string): Promise<Set<string>> {
  if (grantees.length === 0) return new Set();
  const rows = await db
    .selectFrom('base_authorize')
    .select('item_id')
    .distinct()
    .where('item_type', '=', itemType)
    .where((eb) => eb.or(grantees.map((g) => eb.and([eb('object_type', '=', g.objectType), eb('object_id', '=', g.objectId)]))))
    .execute();
  return new Set(rows.map((r) => r.item_id));
}

function group<T>(rows: readonly { menu: string }[], value: (row: any) => T): Map<string, Set<T>> {
  const map = new Map<string, Set<T>>();
  for (const row of rows) {
    const set = map.get(row.menu) ?? new Set<T>();
    set.add(value(row));
    map.set(row.menu, set);
  }
  return map;
}

async function loadGrants(db: Kysely<DB>, userId: string): Promise<UserGrants> {
  const grantees = await granteesOf(db, userId);
  const [moduleIds, buttonIds, columnIds, formIds, schemeIds] = await Promise.all(
    ['module', 'button', 'column', 'form', 'resource'].map((type) => grantedItemIds(db, grantees, type)),
  );
  const pages = moduleIds.size
    ? await db.selectFrom('base_module').select('en_code as menu').where('enabled_mark', '=', 1).where('id', 'in', [...moduleIds]).execute()
    : [];
  const resources = async (table: 'base_module_button' | 'base_module_column' | 'base_module_form', ids: Set<string>) =>
    ids.size
      ? db
          .selectFrom(`${table} as x`)
          .innerJoin('base_module as m', 'm.id', 'x.module_id')
          .select(['m.en_code as menu', 'x.en_code as code'])
          .where('m.enabled_mark', '=', 1)
          .where('x.id', 'in', [...ids])
          .execute()
      : [];
  const [buttons, columns, forms] = await Promise.all([resources('base_module_button', buttonIds), resources('base_module_column', columnIds), resources('base_module_form', formIds)]);
  const schemeRows = schemeIds.size
    ? await db
        .selectFrom('base_module_data_scheme as s')
        .innerJoin('base_module as m', 'm.id', 's.module_id')
        .select(['m.en_code as menu', 's.id', 's.kind', 's.condition_json', 's.match_logic'])
        .where('s.id', 'in', [...schemeIds])
        .execute()
    : [];
  const schemes = new Map<string, SchemeGrant[]>();
  for (const row of schemeRows) {
    const list = schemes.get(row.menu) ?? [];
    // A stored condition that no longer reads (edited by hand) grants nothing rather than everything.
    const conditions = row.kind === 'custom' ? parseConditions(row.condition_json) ?? [] : [];
    list.push({ id: row.id, kind: row.kind, logic: row.match_logic === 'or' ? 'or' : 'and', conditions });
    schemes.set(row.menu, list);
  }
  return {
    menus: new Set(pages.map((p) => p.menu)),
    buttons: group(buttons, (r) => r.code),
    columns: group(columns, (r) => r.code),
    forms: group(forms, (r) => r.code),
    schemes,
  };
}

async function loadCatalogue(db: Kysely<DB>): Promise<Map<string, MenuCatalogueEntry>> {
  const [modules, columns, forms, schemes] = await Promise.all([
    db.selectFrom('base_module').select(['id', 'en_code', 'is_column_authorize', 'is_form_authorize']).execute(),
    db.selectFrom('base_module_column').select(['module_id', 'en_code']).execute(),
    db.selectFrom('base_module_form').select(['module_id', 'en_code']).execute(),
    db.selectFrom('base_module_data_scheme').select('module_id').distinct().execute(),
  ]);
  const byModule = (rows: { module_id: string; en_code: string }[]) => group(rows.map((r) => ({ menu: r.module_id, code: r.en_code })), (r) => r.code as string);
  const columnsOf = byModule(columns);
  const formsOf = byModule(forms);
  const withSchemes = new Set(schemes.map((s) => s.module_id));
  return new Map(
    modules.map((m) => [
      m.en_code,
      {
        columnAuthorize: m.is_column_authorize === 1,
        formAuthorize: m.is_form_authorize === 1,
        columns: columnsOf.get(m.id) ?? new Set<string>(),
        forms: formsOf.get(m.id) ?? new Set<string>(),
        hasSchemes: withSchemes.has(m.id),
      },
    ]),
  );
}

/** The organisations a user belongs to: the main one and any others (base_user_relation Organize). */
export async function organisationsOf(db: Kysely<DB>, userId: string): Promise<{ main: string | null; all: string[] }> {
  const { rows } = await sql<{ id: string; main: boolean }>`
    select organize_id as id, true as main from base_user where id = ${userId}
    union select object_id, false from base_user_relation where user_id = ${userId} and object_type = 'Organize'`.execute(db);
  return { main: rows.find((r) => r.main)?.id ?? null, all: [...new Set(rows.map((r) => r.id))] };
}

/** The organisations and everything below them, through each node's path of ids (organize_id_tree). */
export async function withDescendants(db: Kysely<DB>, organizeIds: readonly string[]): Promise<string[]> {
  if (organizeIds.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select d.id from base_organize d join base_organize o on o.id in (${sql.join([...organizeIds])})
      where d.id = o.id or left(d.organize_id_tree, length(o.organize_id_tree) + 1) = o.organize_id_tree || ','`.execute(db);
  return [...new Set(rows.map((r) => r.id))];
}

/**
 * The union of the schemes granted on the page. A page without schemes is not data-scoped (everyone who opens it
 * sees all rows); a page with schemes shows nothing to a caller granted none of them.
 */
async function resolveDataScope(db: Kysely<DB>, store: Pick<GrantStore, 'grants' | 'catalogue'>, request: DataScopeRequest): Promise<DataScope> {
  if (request.isAdministrator) return { kind: 'all' };
  const entry = (await store.catalogue()).get(request.menu);
  if (!entry?.hasSchemes) return { kind: 'all' };
  const granted = (await store.grants(request.userId)).schemes.get(request.menu) ?? [];
  if (granted.length === 0) return { kind: 'none' };
  if (granted.some((s) => s.kind === 'all')) return { kind: 'all' };
  const organisations = granted.some((s) => s.kind === 'organize' || s.kind === 'organizeAndSub' || s.kind === 'custom') ? await organisationsOf(db, request.userId) : { main: null, all: [] };
  const scopes: DataScope[] = [];
  for (const scheme of granted) {
    if (scheme.kind === 'own') scopes.push({ kind: 'own', userId: request.userId });
    else if (scheme.kind === 'organize') scopes.push({ kind: 'organizations', organizeIds: organisations.all });
    else if (scheme.kind === 'organizeAndSub') scopes.push({ kind: 'organizations', organizeIds: await withDescendants(db, organisations.all) });
    else if (scheme.kind === 'custom') {
      // Two variables a condition may name: the caller and the caller's main organisation.
      const variables: Record<string, string> = { '@userId': request.userId, '@organizeId': organisations.main ?? '' };
      const bind = (value: SchemeCondition['value']) => (typeof value === 'string' && Object.hasOwn(variables, value) ? variables[value] : value);
      scopes.push({ kind: 'custom', logic: scheme.logic, conditions: scheme.conditions.map((c) => ({ ...c, value: Array.isArray(c.value) ? c.value.map(bind) : bind(c.value) })) as SchemeCondition[] });
    }
  }
  return scopes.length === 1 ? scopes[0] : { kind: 'union', scopes };
}

export function createGrantStore(db: Kysely<DB>, infra: Infrastructure): GrantStore {
  // The TTL is a safety net for a lost notification (a listener reconnecting), not how changes spread.
  const cache: SharedCache<UserGrants> = infra.cache<UserGrants>('authority', { ttlMs: 5 * 60_000, maxEntries: 10_000 });
  const catalogueCache: SharedCache<Map<string, MenuCatalogueEntry>> = infra.cache('authority_catalogue', { ttlMs: 5 * 60_000, maxEntries: 1 });
  const grants = (userId: string) => cache.getOrLoad(userId, () => loadGrants(db, userId));
  const catalogue = () => catalogueCache.getOrLoad('all', () => loadCatalogue(db));
  return {
    grants,
    catalogue,
    buttons: async (userId) => (await grants(userId)).buttons,
    dataScope: (request) => resolveDataScope(db, { grants, catalogue }, request),
    invalidate: async (userId) => {
      await cache.invalidate(userId);
      if (userId === undefined) await catalogueCache.invalidate();
    },
  };
}
