import { isIPv6 } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * Per-address limits on what an anonymous caller can make the server create: captchas (a row and an image each)
 * and scan tickets. Counted in the database, so the limit holds across processes. A person refreshing a captcha
 * stays far below these; a script filling the table does not.
 */
export const ADDRESS_LIMITS = {
  captcha: { max: 30, windowSeconds: 60 },
  scanTicket: { max: 10, windowSeconds: 60 },
} as const;

export type AddressBucket = keyof typeof ADDRESS_LIMITS;

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64 network, since one end user
 * commonly holds a whole /64 and could otherwise take a new address for each request.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export interface AddressLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request of the address, or refuses it (429) when the window is full. Sign-in's own buckets carry their
 * limits; another module counts under a bucket name of its own (at most 30 characters) with its limit.
 */
export async function countAddressRequest(db: Kysely<DB>, bucket: AddressBucket, ip: string): Promise<void>;
export async function countAddressRequest(db: Kysely<DB>, bucket: string, ip: string, limit: AddressLimit): Promise<void>;
export async function countAddressRequest(db: Kysely<DB>, bucket: string, ip: string, limit?: AddressLimit): Promise<void> {
  const { max, windowSeconds } = limit ?? ADDRESS_LIMITS[bucket as AddressBucket];
  const address = addressKey(ip);
  const since = new Date(Date.now() - windowSeconds * 1000);
  const counted = await db.transaction().execute(async (trx) => {
    // Concurrent requests of one address take turns, so the count each sees includes the others' rows.
    await sql`select pg_advisory_xact_lock(hashtext(${`${bucket}|${address}`}))`.execute(trx);
    const { rows } = await sql<{ id: number }>`
      insert into auth_address_request (bucket, ip)
      select ${bucket}, ${address}
      where (select count(*) from auth_address_request where bucket = ${bucket} and ip = ${address} and created_at > ${since}) < ${max}
      returning id`.execute(trx);
    // Old rows only ever matter for one window; dropping them here keeps the table small without a job.
    await trx.deleteFrom('auth_address_request').where('bucket', '=', bucket).where('ip', '=', address).where('created_at', '<=', since).execute();
    return rows.length > 0;
  });
  if (!counted) throw new AppError(ResultCode.tooManyRequests, 'oauth.tooManyRequests', { seconds: windowSeconds });
}
