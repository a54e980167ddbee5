import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SCAN_TICKET_TTL_SECONDS, SSO_TICKET_TTL_SECONDS } from '../../../shared/signInLimits.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * One-time sign-in tickets. Only a hash is stored, so a database reader cannot sign in with one.
 * - scan: the sign-in page asks for one and shows it as a QR code; the mobile app, signed in, confirms it; the
 *   page, polling, sees it confirmed and exchanges it for a session. Waiting → confirmed → spent. The page also
 *   gets a secret that is never shown, and the exchange needs both: seeing the QR code is not enough.
 * - sso: the OpenID Connect callback issues one already confirmed for the user it identified, and the /sso page
 *   exchanges it through Login with the keycloak grant type.
 */
export type TicketKind = 'scan' | 'sso';
export const TICKET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function createScanTicket(db: Kysely<DB>) {
  const ticket = randomBytes(32).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  await db.deleteFrom('auth_login_ticket').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('auth_login_ticket')
    .values({ id_hash: hash(ticket), kind: 'scan', status: 'waiting', user_id: null, secret_hash: hash(secret), expires_at: new Date(Date.now() + SCAN_TICKET_TTL_SECONDS * 1000) })
    .execute();
  return { ticket, secret, content: `labcode://scan-login?ticket=${ticket}`, expiresInSeconds: SCAN_TICKET_TTL_SECONDS };
}

export async function scanTicketStatus(db: Kysely<DB>, ticket: string): Promise<{ status: 'waiting' | 'scanned' | 'confirmed' | 'expired' }> {
  if (!TICKET_PATTERN.test(ticket)) return { status: 'expired' };
  const row = await db.selectFrom('auth_login_ticket').select(['status', 'expires_at']).where('id_hash', '=', hash(ticket)).where('kind', '=', 'scan').executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() < Date.now()) return { status: 'expired' };
  return { status: row.status as 'waiting' | 'scanned' | 'confirmed' };
}

/** The mobile app read the code: the sign-in page can say so while the user confirms on the phone. */
export async function markScanTicketScanned(db: Kysely<DB>, ticket: string): Promise<void> {
  if (!TICKET_PATTERN.test(ticket)) throw AppError.badRequest('scan.ticketInvalid');
  const result = await db
    .updateTable('auth_login_ticket')
    .set({ status: 'scanned' })
    .where('id_hash', '=', hash(ticket))
    .where('kind', '=', 'scan')
    .where('status', '=', 'waiting')
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw AppError.badRequest('scan.ticketInvalid');
}

/** The mobile app's call, under its own session: the ticket now signs in as that user. */
export async function confirmScanTicket(db: Kysely<DB>, ticket: string, userId: string): Promise<void> {
  if (!TICKET_PATTERN.test(ticket)) throw AppError.badRequest('scan.ticketInvalid');
  const result = await db
    .updateTable('auth_login_ticket')
    .set({ status: 'confirmed', user_id: userId })
    .where('id_hash', '=', hash(ticket))
    .where('kind', '=', 'scan')
    .where('status', 'in', ['waiting', 'scanned'])
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw AppError.badRequest('scan.ticketInvalid');
}

export async function issueSsoTicket(db: Kysely<DB>, userId: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.insertInto('auth_login_ticket').values({ id_hash: hash(ticket), kind: 'sso', status: 'confirmed', user_id: userId, expires_at: new Date(Date.now() + SSO_TICKET_TTL_SECONDS * 1000) }).execute();
  return ticket;
}

/**
 * Spends a confirmed ticket and answers its user; the DELETE makes a second use of the same ticket fail. A scan
 * ticket also needs the requesting page's secret; a wrong one spends nothing.
 */
export async function consumeTicket(db: Kysely<DB>, ticket: string, kind: TicketKind, secret?: string): Promise<string | null> {
  if (!TICKET_PATTERN.test(ticket)) return null;
  if (kind === 'scan' && (!secret || !TICKET_PATTERN.test(secret))) return null;
  const row = await db
    .deleteFrom('auth_login_ticket')
    .where('id_hash', '=', hash(ticket))
    .where('kind', '=', kind)
    .where('status', '=', 'confirmed')
    .$if(kind === 'scan', (qb) => qb.where('secret_hash', '=', hash(secret!)))
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  if (!row || !row.user_id || new Date(row.expires_at).getTime() < Date.now()) return null;
  return row.user_id;
}
