import type { Kysely, Transaction } from 'kysely';
import { ResultCode } from '../../shared/envelope.js';
import { AppError } from './appError.js';
import type { DB } from './db/schema.js';
import type { EventBus } from './infra/infrastructure.js';

/**
 * Who is calling, and what other modules may ask of sign-in. The kernel checks a session on every /api call, but
 * what a session is and where it is kept is the sign-in module's business. That module provides a SignInService
 * (ServerModule.signIn); the session plugin, the handler of undecodable addresses and every module's context
 * (ModuleContext.signIn) use it. So accounts (users) can end sessions or spend a captcha without requiring the
 * sign-in module, which itself requires accounts (decision 205).
 */
export interface SessionUser {
  tokenHash: string;
  userId: string;
  account: string;
  isAdministrator: boolean;
  locked: boolean;
  /** The initial password is unchanged while the policy forces a change: the API answers only what that needs. */
  passwordChangeDue: boolean;
}

/**
 * The caller an Authorization header (or a bare token) stands for; throws the AppError of a missing, unknown, ended
 * or expired session. A check with `touch: false` does not count as activity: the session's idle expiry stays.
 */
export type Authenticate = (authorization: string | undefined, options?: { touch?: boolean }) => Promise<SessionUser>;

export interface SignInService {
  authenticate: Authenticate;
  /**
   * Ends the live sessions of a user, inside the caller's transaction, but the one whose token hashes to
   * keepTokenHash (the person who just changed the password stays in). Answers how many ended. After the commit,
   * announce them with publishSessionsEnded.
   */
  endSessions(trx: Transaction<DB>, userId: string, reason: string, keepTokenHash?: string): Promise<number>;
  /** Forgets the failed sign-ins counted against these names (account, mobile), so an unlocked account signs in at once. */
  forgetFailedSignIns(trx: Transaction<DB>, names: ReadonlyArray<string | null | undefined>): Promise<void>;
  /** True when the answer to the captcha issued under this id is right and fresh; the captcha is spent either way. */
  consumeCaptcha(db: Kysely<DB>, id: string | undefined, answer: string | undefined): Promise<boolean>;
  /**
   * Counts one request of a caller who is not signed in, by address, under a bucket of the caller's naming (at most
   * 30 characters), as sign-in counts its captchas; refuses it (429) once `limit.max` were counted in the window.
   */
  countAddressRequest(db: Kysely<DB>, bucket: string, ip: string, limit: { max: number; windowSeconds: number }): Promise<void>;
}

/** Without a sign-in module: nobody is anybody, there are no sessions to end, and no captcha answer is right. */
export const NO_SIGN_IN: SignInService = {
  authenticate: async () => {
    throw new AppError(ResultCode.sessionExpired, 'session.missing');
  },
  endSessions: async () => 0,
  forgetFailedSignIns: async () => {},
  consumeCaptcha: async () => false,
  // No sign-in module keeps no counts: the pages that count (a short link) need its captcha too, which fails above.
  countAddressRequest: async () => {},
};

/**
 * The event bus channel on which a session end is announced (decision 167). The payload is the user ids whose
 * sessions may have ended, comma-separated; never a token. Every process re-checks the open sockets of those users
 * against the database and closes the ones whose session is over, so the event only needs to say whose to check.
 */
export const SESSION_ENDED_CHANNEL = 'session_ended';

/** Announces, after the commit that ended them, that sessions of these users ended (logout, disable, reset...). */
export async function publishSessionsEnded(events: EventBus, userIds: readonly string[]): Promise<void> {
  const ids = [...new Set(userIds)];
  // NOTIFY carries at most 8000 bytes; user ids are 20-odd characters, so 100 per event stays far below it.
  for (let i = 0; i < ids.length; i += 100) await events.publish(SESSION_ENDED_CHANNEL, ids.slice(i, i + 100).join(','));
}
