import { constants, generateKeyPair, privateDecrypt } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * The RSA-OAEP key pair a new password is sealed with on its way in (shared/passwordCipher.ts), kept in the
 * database so any process can open what another process handed the key out for. Time is cut into periods of
 * PASSWORD_KEY_LIFETIME_MS; each period has one key, made by whichever process first needs it (the period is the
 * primary key, so a race adds one row and the loser reads the winner's). A key still opens what was sealed with it
 * for PASSWORD_KEY_GRACE_MS after its period, so a change whose key was fetched just before a rotation works.
 */
export const PASSWORD_KEY_LIFETIME_MS = 24 * 60 * 60_000;
export const PASSWORD_KEY_GRACE_MS = 60 * 60_000;

const generateRsaKeyPair = promisify(generateKeyPair);

const periodOf = (now: Date) => Math.floor(now.getTime() / PASSWORD_KEY_LIFETIME_MS);

/** The current period's public key (SPKI DER, base64), made on first use. */
export async function passwordPublicKey(db: Kysely<DB>, now = new Date()): Promise<string> {
  const period = periodOf(now);
  const current = () => db.selectFrom('base_password_key').select('public_key').where('period', '=', period).executeTakeFirst();
  const existing = await current();
  if (existing) return existing.public_key;

  // Off the event loop: a 2048-bit key takes tens of milliseconds to make.
  const pair = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  await db
    .insertInto('base_password_key')
    .values({ period, public_key: pair.publicKey.toString('base64'), private_key: pair.privateKey, expires_at: new Date((period + 1) * PASSWORD_KEY_LIFETIME_MS) })
    .onConflict((conflict) => conflict.column('period').doNothing())
    .execute();
  // A new period is when keys past their grace go: nothing can open with them any more.
  await db.deleteFrom('base_password_key').where('expires_at', '<', new Date(now.getTime() - PASSWORD_KEY_GRACE_MS)).execute();
  return (await current())!.public_key;
}

/** Opens a sealed password (base64) with any key still valid for it; null when none opens it. */
export async function unsealPassword(db: Kysely<DB>, cipher: string, now = new Date()): Promise<string | null> {
  const keys = await db
    .selectFrom('base_password_key')
    .select('private_key')
    .where('expires_at', '>', new Date(now.getTime() - PASSWORD_KEY_GRACE_MS))
    .orderBy('period', 'desc')
    .execute();
  const sealed = Buffer.from(cipher, 'base64');
  for (const { private_key } of keys) {
    try {
      return privateDecrypt({ key: private_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, sealed).toString('utf8');
    } catch {
      // Sealed with another of the valid keys, or not sealed with ours at all.
    }
  }
  return null;
}
