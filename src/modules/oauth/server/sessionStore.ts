import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import { fixedStatement } from '../../../kernel/server/db/fixedStatement.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { SessionUser } from '../../../kernel/server/sessions.js';

export type { SessionUser };

/**
 * Sessions live in the database, keyed by a hash of the token, so any server process can check any token and a
 * logout stops it everywhere at once. The token itself exists only in the client.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Sliding expiry is written at most this often, so ordinary traffic does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Accepts the header as JNPF clients send it: "bearer <token>", "Bearer <token>" or the bare token. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim().replace(/^bearer\s+/i, '');
  return value || undefined;
}

export async function createSession(
  db: Kysely<DB>,
  userId: string,
  idleMinutes: number,
  client: { ip: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_session')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + idleMinutes * 60_000),
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

/**
 * Every API call looks its session up: the statement is built and compiled once per database and run with the
 * token's hash as its one parameter, instead of being built anew per call (issue 15).
 */
const sessionLookup = fixedStatement((db, tokenHash: string) =>
  db
    .selectFrom('auth_session as s')
    .innerJoin('base_user as u', 'u.id', 's.user_id')
    // The forced first change (spec 001 §4) needs the policy's switch beside the user's changePasswordDate.
    .leftJoin('base_sys_config as c', (join) => join.on('c.key', '=', 'mandatoryModificationOfInitialPassword'))
    .select(['s.user_id', 's.expires_at', 's.last_seen_at', 's.revoked_at', 's.locked', 'u.account', 'u.is_administrator', 'u.enabled_mark', 'u.change_password_date', 'c.value as mandatory_change'])
    .where('s.token_hash', '=', tokenHash),
);

/** Resolves the Authorization header to a live session, or throws 600 (none or expired), 601 (ended) or 602 (not ours). */
export async function authenticate(db: Kysely<DB>, header: string | undefined, idleMinutes: number, touch = true): Promise<SessionUser> {
  const token = tokenFromHeader(header);
  if (!token) throw new AppError(ResultCode.sessionExpired, 'session.missing');
  if (!TOKEN_PATTERN.test(token)) throw new AppError(ResultCode.sessionInvalid, 'session.invalid');
  const tokenHash = hashToken(token);
  const { rows } = await sessionLookup.run(db, tokenHash);
  const row = rows[0];
  if (!row) throw new AppError(ResultCode.sessionInvalid, 'session.invalid');
  if (row.revoked_at || row.enabled_mark !== 1) throw new AppError(ResultCode.sessionRevoked, 'session.revoked');
  const now = Date.now();
  if (new Date(row.expires_at).getTime() <= now) throw new AppError(ResultCode.sessionExpired, 'session.expired');
  // A check the server makes on its own (an open socket hearing of a session end) is no use of the session.
  if (touch && now - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('auth_session')
      .set({ last_seen_at: new Date(now), expires_at: new Date(now + idleMinutes * 60_000) })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }
  const passwordChangeDue = row.change_password_date === null && row.mandatory_change === '1';
  return { tokenHash, userId: row.user_id, account: row.account, isAdministrator: row.is_administrator === 1, locked: row.locked === 1, passwordChangeDue };
}

export async function revokeSession(db: Kysely<DB>, tokenHash: string, reason: string): Promise<void> {
  await db.updateTable('auth_session').set({ revoked_at: new Date(), revoke_reason: reason }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

export async function setSessionLocked(db: Kysely<DB>, tokenHash: string, locked: boolean): Promise<void> {
  await db.updateTable('auth_session').set({ locked: locked ? 1 : 0 }).where('token_hash', '=', tokenHash).execute();
}

/**
 * Ends every live session of a user but one: after a password change, whoever held the old password elsewhere is
 * signed out, while the person who just changed it stays in (JNPF does the same).
 */
export async function revokeOtherSessions(db: Kysely<DB> | Transaction<DB>, userId: string, keepTokenHash: string | undefined, reason: string): Promise<number> {
  let query = db.updateTable('auth_session').set({ revoked_at: new Date(), revoke_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '<>', keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
