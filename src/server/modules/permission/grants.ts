import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Infrastructure, SharedCache } from '../../infra/infrastructure.js';

/**
 * The buttons a user holds, per menu page (spec 000 §6), as the permission plugin checks them on every write.
 * Read once per user and cached in each process; whoever changes roles, grants or menus calls invalidate() AFTER
 * the change has committed (called inside the transaction, another process could reload the old grants before the
 * commit and keep them), and the event bus drops the cached grants in every process.
 */
export type ButtonGrants = ReadonlyMap<string, ReadonlySet<string>>;

/** The menu pages a user may open and, per page, the buttons they hold there. */
export interface UserGrants {
  menus: ReadonlySet<string>;
  buttons: ButtonGrants;
}

export interface GrantStore {
  grants(userId: string): Promise<UserGrants>;
  buttons(userId: string): Promise<ButtonGrants>;
  /** After a change to roles, role members, grants or menus: every process reloads. */
  invalidate(userId?: string): Promise<void>;
}

async function loadGrants(db: Kysely<DB>, userId: string): Promise<UserGrants> {
  const menus = await db
    .selectFrom('base_module as m')
    .innerJoin('base_authorize as a', (join) => join.onRef('a.item_id', '=', 'm.id').on('a.item_type', '=', 'module'))
    .innerJoin('base_user_relation as r', (join) => join.onRef('r.object_id', '=', 'a.object_id').onRef('r.object_type', '=', 'a.object_type'))
    .innerJoin('base_role as role', 'role.id', 'a.object_id')
    .select('m.en_code as menu')
    .distinct()
    .where('m.enabled_mark', '=', 1)
    .where('r.user_id', '=', userId)
    .where('role.enabled_mark', '=', 1)
    .execute();
  const rows = await db
    .selectFrom('base_module_button as b')
    .innerJoin('base_module as m', 'm.id', 'b.module_id')
    .innerJoin('base_authorize as a', (join) => join.onRef('a.item_id', '=', 'b.id').on('a.item_type', '=', 'button'))
    .innerJoin('base_user_relation as r', (join) => join.onRef('r.object_id', '=', 'a.object_id').onRef('r.object_type', '=', 'a.object_type'))
    .innerJoin('base_role as role', 'role.id', 'a.object_id')
    .select(['m.en_code as menu', 'b.en_code as button'])
    .distinct()
    .where('m.enabled_mark', '=', 1)
    .where('r.user_id', '=', userId)
    .where('role.enabled_mark', '=', 1)
    .execute();
  const grants = new Map<string, Set<string>>();
  for (const row of rows) {
    const buttons = grants.get(row.menu) ?? new Set<string>();
    buttons.add(row.button);
    grants.set(row.menu, buttons);
  }
  return { menus: new Set(menus.map((m) => m.menu)), buttons: grants };
}

export function createGrantStore(db: Kysely<DB>, infra: Infrastructure): GrantStore {
  // The TTL is a safety net for a lost notification (a listener reconnecting), not how changes spread.
  const cache: SharedCache<UserGrants> = infra.cache<UserGrants>('authority', { ttlMs: 5 * 60_000, maxEntries: 10_000 });
  const grants = (userId: string) => cache.getOrLoad(userId, () => loadGrants(db, userId));
  return {
    grants,
    buttons: async (userId) => (await grants(userId)).buttons,
    invalidate: (userId) => cache.invalidate(userId),
  };
}
