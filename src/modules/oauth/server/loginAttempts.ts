import { sql, type Kysely, type Transaction } from 'kysely';
import { CAPTCHA_AFTER_FAILURES } from '../../../shared/constants.js';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * Failed sign-ins, counted in the database so every server process sees the same numbers.
 * Per account: the captcha from the 3rd failure, a 15-minute lock from the 10th (failures since the last success,
 * within 30 minutes). Per address: 30 failures in 15 minutes lock that address for the rest of the window.
 */
export const ACCOUNT_WINDOW_MINUTES = 30;
export const ACCOUNT_LOCK_FAILURES = 10;
export const ACCOUNT_LOCK_MINUTES = 15;
export const ADDRESS_WINDOW_MINUTES = 15;
export const ADDRESS_LOCK_FAILURES = 30;

export function attemptKey(account: string): string {
  return account.trim().toLowerCase().slice(0, 100);
}

export interface AccountFailures {
  count: number;
  lastFailureAt?: Date;
}

export async function recentAccountFailures(db: Kysely<DB>, account: string): Promise<AccountFailures> {
  const key = attemptKey(account);
  const since = new Date(Date.now() - ACCOUNT_WINDOW_MINUTES * 60_000);
  const lastSuccess = await db
    .selectFrom('auth_login_attempt')
    .select(sql<Date>`max(created_at)`.as('at'))
    .where('account', '=', key)
    .where('succeeded', '=', 1)
    .executeTakeFirst();
  const from = lastSuccess?.at && new Date(lastSuccess.at) > since ? new Date(lastSuccess.at) : since;
  const row = await db
    .selectFrom('auth_login_attempt')
    .select([sql<number>`count(*)`.as('count'), sql<Date | null>`max(created_at)`.as('last')])
    .where('account', '=', key)
    .where('succeeded', '=', 0)
    .where('created_at', '>', from)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), lastFailureAt: row.last ? new Date(row.last) : undefined };
}

export function captchaRequired(failures: AccountFailures): boolean {
  return failures.count >= CAPTCHA_AFTER_FAILURES;
}

/** Throws 429 when the account or the address has failed too often. */
export async function assertNotThrottled(db: Kysely<DB>, failures: AccountFailures, ip: string): Promise<void> {
  if (failures.count >= ACCOUNT_LOCK_FAILURES && failures.lastFailureAt) {
    const unlockAt = failures.lastFailureAt.getTime() + ACCOUNT_LOCK_MINUTES * 60_000;
    if (unlockAt > Date.now()) {
      throw new AppError(ResultCode.tooManyRequests, 'login.accountLocked', { minutes: Math.ceil((unlockAt - Date.now()) / 60_000) });
    }
  }
  const since = new Date(Date.now() - ADDRESS_WINDOW_MINUTES * 60_000);
  const row = await db
    .selectFrom('auth_login_attempt')
    .select([sql<number>`count(*)`.as('count'), sql<Date | null>`min(created_at)`.as('first')])
    .where('ip', '=', ip)
    .where('succeeded', '=', 0)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= ADDRESS_LOCK_FAILURES && row.first) {
    const unlockAt = new Date(row.first).getTime() + ADDRESS_WINDOW_MINUTES * 60_000;
    throw new AppError(ResultCode.tooManyRequests, 'login.addressLocked', { minutes: Math.max(1, Math.ceil((unlockAt - Date.now()) / 60_000)) });
  }
}

export async function recordAttempt(db: Kysely<DB>, account: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insertInto('auth_login_attempt').values({ account: attemptKey(account), ip, succeeded: succeeded ? 1 : 0 }).execute();
}

/**
 * An administrator's unlock: the account's failures since its last success no longer count, so neither the
 * captcha nor the timed lock carries on after it. The sign-in log (users' base_sys_log) keeps its record of them.
 */
export async function clearAccountFailures(db: Kysely<DB> | Transaction<DB>, accounts: ReadonlyArray<string | null | undefined>): Promise<void> {
  const keys = [...new Set(accounts.filter((a): a is string => !!a?.trim()).map(attemptKey))];
  if (keys.length === 0) return;
  await db.deleteFrom('auth_login_attempt').where('account', 'in', keys).where('succeeded', '=', 0).execute();
}
