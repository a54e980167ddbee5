import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';

/** The user's system log (sign-in history), read later by the profile page. */
export const SysLogCategory = { signIn: 1, signOut: 2, lock: 3, unlock: 4, failedSignIn: 5, passwordChange: 6 } as const;

export async function writeSysLog(
  db: Kysely<DB>,
  entry: { userId: string | null; account: string; category: number; ip: string | null; description: string; userAgent?: string },
): Promise<void> {
  await db
    .insertInto('base_sys_log')
    .values({ user_id: entry.userId, account: entry.account.slice(0, 100), category: entry.category, ip: entry.ip, description: entry.description, user_agent: entry.userAgent?.slice(0, 500) ?? null })
    .execute();
}
