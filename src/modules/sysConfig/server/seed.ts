import type { Kysely, Transaction } from 'kysely';
import sysConfig from '../../../../fixtures/sysConfig/sysConfig.json' with { type: 'json' };
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * The demo settings (fixtures/sysConfig/sysConfig.json), and the marker row that says the demo seed ran: the seed runs
 * once, and the marker is its arbiter when two processes start together on one fresh database.
 */
const SEEDED_KEY = 'demoSeededAt';

export async function isSeeded(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('base_sys_config').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  return Boolean(row);
}

/** Claims the seed for this transaction; false when another process claimed it first. */
export async function claimSeed(trx: Transaction<DB>): Promise<boolean> {
  const inserted = await trx
    .insertInto('base_sys_config')
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  return Boolean(inserted);
}

export async function seedSysConfig(trx: Transaction<DB>): Promise<void> {
  const settings = Object.entries(sysConfig).filter(([key]) => !key.startsWith('_'));
  await trx.insertInto('base_sys_config').values(settings.map(([key, value]) => ({ key, value: String(value) }))).execute();
}
