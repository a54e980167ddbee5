import type { Kysely } from 'kysely';
import type { SeedContext } from '../../module.js';
import { serverModules } from '../../../../modules/serverModules.js';
import { claimSeed, isSeeded } from '../../../../modules/sysConfig/server/seed.js';
import type { DB } from '../schema.js';

/**
 * The demo seed: fictitious data (every file in fixtures/demo says so, and so does the about dialog) that makes a
 * fresh platform usable at once. Each module seeds its own tables; this runs them once, in module order, in one
 * transaction, so a fresh database is either fully seeded or not at all.
 */
export type SeedPasswords = SeedContext['passwords'];

export { isSeeded };

export async function seedDemo(db: Kysely<DB>, passwords: SeedPasswords): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Another process may have seeded between our check and this transaction: the marker row is the arbiter.
    if (!(await claimSeed(trx))) return;
    for (const module of serverModules) await module.seed?.(trx, { passwords });
  });
}
