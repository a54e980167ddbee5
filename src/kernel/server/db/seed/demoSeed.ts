import type { Kysely } from 'kysely';
import { composeMenus } from '../../menus.js';
import type { SeedContext, SeedMarker, ServerModule } from '../../module.js';
import type { DB } from '../schema.js';

/**
 * The demo seed: fictitious data (every demo file under fixtures/ says so, and so does the about dialog) that makes
 * a fresh platform usable at once. Each module seeds its own tables; this runs them once, in module order, in one
 * transaction, so a fresh database is either fully seeded or not at all. Whether it ran is a marker a module keeps
 * (ServerModule.seedMarker: the system configuration's).
 */
export type SeedPasswords = SeedContext['passwords'];

function seedMarkerOf(modules: readonly ServerModule[]): SeedMarker {
  const marker = modules.find((module) => module.seedMarker)?.seedMarker;
  if (!marker) throw new Error('No module keeps the demo seed marker (ServerModule.seedMarker): the seed would run on every start');
  return marker;
}

export async function isSeeded(db: Kysely<DB>, modules: readonly ServerModule[]): Promise<boolean> {
  return seedMarkerOf(modules).isSeeded(db);
}

export async function seedDemo(db: Kysely<DB>, passwords: SeedPasswords, modules: readonly ServerModule[]): Promise<void> {
  const marker = seedMarkerOf(modules);
  const menus = composeMenus(modules);
  await db.transaction().execute(async (trx) => {
    // Another process may have seeded between our check and this transaction: the marker row is the arbiter.
    if (!(await marker.claim(trx))) return;
    for (const module of modules) await module.seed?.(trx, { passwords, menus });
  });
}
