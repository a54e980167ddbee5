import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * What other modules may do to users: the users module owns base_user, so sign-in (oauth) records its times
 * through here instead of writing the table itself. Reads that only join a user's name stay where they are.
 */
type Db = Kysely<DB> | Transaction<DB>;

/** The sign-in moved the last time and address to "previous" and stamped the new ones (spec 000 §3). */
export async function recordSignIn(db: Db, userId: string, ip: string): Promise<void> {
  await db
    .updateTable('base_user')
    .set((eb) => ({ prev_login_time: eb.ref('last_login_time'), prev_login_ip: eb.ref('last_login_ip'), last_login_time: new Date(), last_login_ip: ip }))
    .where('id', '=', userId)
    .execute();
}

/** The repeated-failure lock of sign-in sets the account's lock mark; only PUT …/Actions/unlock clears it. */
export async function markUserLocked(db: Db, userId: string): Promise<void> {
  await db.updateTable('base_user').set({ lock_mark: 1, last_modify_time: new Date() }).where('id', '=', userId).where('lock_mark', '<>', 1).execute();
}
