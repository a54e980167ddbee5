import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SMS_CODE_LENGTH, SMS_CODE_TTL_SECONDS, SMS_MAX_ATTEMPTS, SMS_PER_ADDRESS_PER_HOUR, SMS_PER_MOBILE_PER_HOUR, SMS_RESEND_SECONDS,
} from '../../../shared/signInLimits.js';
import { rules } from '../../../shared/validation/rules.js';
import { AppError } from '../../../kernel/server/appError.js';
import { ResultCode } from '../../../shared/envelope.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import type { SmsSender } from './smsSender.js';

/**
 * The main account a mobile number signs in to. Two accounts on one number cannot sign in by SMS: the code would
 * not say which one is meant, so they are refused and use their account names.
 */
export async function mainAccountByMobile(db: Kysely<DB>, mobile: string) {
  const rows = await db
    .selectFrom('base_user')
    .select(['id', 'account', 'password_hash', 'enabled_mark', 'lock_mark', 'theme'])
    .where('mobile', '=', mobile)
    .where('parent_user_id', 'is', null)
    .limit(2)
    .execute();
  if (rows.length > 1) throw AppError.badRequest('sms.ambiguous');
  return rows[0];
}

const hashCode = (mobile: string, code: string) => createHash('sha256').update(`${mobile}:${code}`).digest('hex');
const HOUR_MS = 3600_000;

/**
 * Sends a sign-in code. The answer is the same whether or not the number belongs to a user, so the call cannot
 * be used to find out who has an account; only a registered number actually receives a code. Limits: one code a
 * minute per number (the resend wait of spec 000 §2), five an hour per number, twenty an hour per address.
 */
export async function issueSmsCode(db: Kysely<DB>, sender: SmsSender, mobile: string, ip: string, log?: { error(obj: unknown, msg: string): void }) {
  if (!rules.mobile.test(mobile)) throw AppError.badRequest('sms.mobileInvalid');
  const since = new Date(Date.now() - HOUR_MS);
  const recent = await db.selectFrom('auth_sms_code').select(['created_at']).where('mobile', '=', mobile).where('created_at', '>', since).orderBy('created_at', 'desc').execute();
  const last = recent[0] ? new Date(recent[0].created_at).getTime() : 0;
  const wait = Math.ceil((last + SMS_RESEND_SECONDS * 1000 - Date.now()) / 1000);
  if (wait > 0) throw AppError.badRequest('sms.wait', { seconds: wait }, { resendAfterSeconds: wait });
  if (recent.length >= SMS_PER_MOBILE_PER_HOUR) throw AppError.badRequest('sms.tooManyForMobile');
  const fromAddress = await db.selectFrom('auth_sms_code').select((eb) => eb.fn.countAll<string>().as('n')).where('ip', '=', ip).where('created_at', '>', since).executeTakeFirstOrThrow();
  if (Number(fromAddress.n) >= SMS_PER_ADDRESS_PER_HOUR) throw AppError.badRequest('sms.tooManyForAddress');

  const found = await mainAccountByMobile(db, mobile);
  const user = found?.enabled_mark === 1 ? found : undefined;
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  // The send is recorded for unknown numbers too, so probing them costs the same limits.
  const id = newId();
  await db
    .insertInto('auth_sms_code')
    .values({ id, mobile, code_hash: user ? hashCode(mobile, code) : '-', ip, expires_at: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000) })
    .execute();
  if (user) {
    try {
      await sender.send(mobile, code);
    } catch (error) {
      // A code that never left must not hold the resend wait or count against the limits.
      await db.deleteFrom('auth_sms_code').where('id', '=', id).execute();
      log?.error({ err: error }, 'SMS sender failed');
      throw new AppError(ResultCode.serviceUnavailable, 'sms.sendFailed');
    }
  }
  return { resendAfterSeconds: SMS_RESEND_SECONDS, expiresInSeconds: SMS_CODE_TTL_SECONDS };
}

/**
 * Checks a code against the newest unused one for the number. Wrong guesses count; after five the code is spent.
 * A right code is spent at once, so it signs in only once.
 */
export async function consumeSmsCode(db: Kysely<DB>, mobile: string, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('auth_sms_code')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('mobile', '=', mobile)
    .where('used', '=', 0)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() < Date.now() || row.attempts >= SMS_MAX_ATTEMPTS) return false;
  if (row.code_hash !== hashCode(mobile, code.trim())) {
    await db.updateTable('auth_sms_code').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', row.id).execute();
    return false;
  }
  const spent = await db.updateTable('auth_sms_code').set({ used: 1 }).where('id', '=', row.id).where('used', '=', 0).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}
