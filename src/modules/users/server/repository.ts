import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';

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

/** A sign-in made the stored hash anew with today's parameters; only if nobody changed the password meanwhile. */
export async function replacePasswordHash(db: Db, userId: string, previousHash: string, renewedHash: string): Promise<void> {
  await db.updateTable('base_user').set({ password_hash: renewedHash }).where('id', '=', userId).where('password_hash', '=', previousHash).execute();
}

/** The repeated-failure lock of sign-in sets the account's lock mark; only PUT …/Actions/unlock clears it. */
export async function markUserLocked(db: Db, userId: string): Promise<void> {
  await db.updateTable('base_user').set({ lock_mark: 1, last_modify_time: new Date() }).where('id', '=', userId).where('lock_mark', '<>', 1).execute();
}

/**
 * The system administrators become exactly the given users plus the accounts that always stay administrators
 * (the administrators tab's setAdminList, administratorRoutes.ts). Answers the ids whose flag changed, so the caller can drop their cached grants.
 */
export async function setAdministrators(db: Db, userIds: readonly string[], alwaysAccounts: readonly string[]): Promise<string[]> {
  const keep = new Set(userIds);
  const current = await db.selectFrom('base_user').select(['id', 'account', 'is_administrator']).execute();
  const changed: string[] = [];
  for (const user of current) {
    const wanted = keep.has(user.id) || alwaysAccounts.includes(user.account) ? 1 : 0;
    if (user.is_administrator !== wanted) changed.push(user.id);
  }
  const grant = changed.filter((id) => keep.has(id) || current.find((u) => u.id === id && alwaysAccounts.includes(u.account)));
  const revoke = changed.filter((id) => !grant.includes(id));
  if (grant.length) await db.updateTable('base_user').set({ is_administrator: 1, last_modify_time: new Date() }).where('id', 'in', grant).execute();
  if (revoke.length) await db.updateTable('base_user').set({ is_administrator: 0, last_modify_time: new Date() }).where('id', 'in', revoke).execute();
  return changed;
}
