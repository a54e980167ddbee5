import { sql, type Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../appError.js';
import type { DB } from '../../db/schema.js';

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

/** Counts one request of the address, or refuses it (429) when the window is full. */
export async function countAddressRequest(db: Kysely<DB>, bucket: AddressBucket, ip: string): Promise<void> {
  const { max, windowSeconds } = ADDRESS_LIMITS[bucket];
  const since = new Date(Date.now() - windowSeconds * 1000);
  // One statement: the row goes in only while the window has room.
  const { rows } = await sql<{ id: number }>`
    insert into auth_address_request (bucket, ip)
    select ${bucket}, ${ip}
    where (select count(*) from auth_address_request where bucket = ${bucket} and ip = ${ip} and created_at > ${since}) < ${max}
    returning id`.execute(db);
  if (rows.length === 0) throw new AppError(ResultCode.tooManyRequests, 'oauth.tooManyRequests', { seconds: windowSeconds });
  // Old rows only ever matter for one window; dropping them here keeps the table small without a job.
  await db.deleteFrom('auth_address_request').where('bucket', '=', bucket).where('ip', '=', ip).where('created_at', '<=', since).execute();
}
