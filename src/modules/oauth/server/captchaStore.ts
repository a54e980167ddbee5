import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * The sign-in captcha. The client names it with a random id (JNPF sends Math.random(), so "0.123": dots are
 * allowed) and later sends that id back with the answer. Answers live in the database so any server process can
 * check them; each is good for one try.
 */
export const CAPTCHA_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_LENGTH = 4;
/** JNPF lets its settings ask for 3 to 6 characters; fewer than 4 is too easy to guess here. */
export const CAPTCHA_LENGTH_RANGE = { min: 4, max: 6 } as const;

export async function issueCaptcha(db: Kysely<DB>, id: string, length: number = CAPTCHA_LENGTH): Promise<string> {
  const size = Math.min(CAPTCHA_LENGTH_RANGE.max, Math.max(CAPTCHA_LENGTH_RANGE.min, Math.trunc(length) || CAPTCHA_LENGTH));
  const captcha = svgCaptcha.create({
    size,
    // Letters that look alike (0/o, 1/l/i) are left out: a person should be able to read it.
    ignoreChars: '0oO1lIi',
    noise: 3,
    color: true,
    background: '#f4f6fb',
    width: 30 * size,
    height: 40,
  });
  const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
  await db.deleteFrom('auth_captcha').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('auth_captcha')
    .values({ id, answer: captcha.text.toLowerCase(), expires_at: expiresAt })
    .onConflict((oc) => oc.column('id').doUpdateSet({ answer: captcha.text.toLowerCase(), expires_at: expiresAt }))
    .execute();
  return captcha.data;
}

/** True when the answer is right and fresh; the captcha is spent either way. */
export async function consumeCaptcha(db: Kysely<DB>, id: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!id || !answer || !CAPTCHA_ID_PATTERN.test(id)) return false;
  const row = await db.deleteFrom('auth_captcha').where('id', '=', id).returning(['answer', 'expires_at']).executeTakeFirst();
  if (!row) return false;
  return new Date(row.expires_at).getTime() > Date.now() && row.answer === answer.trim().toLowerCase();
}

/** The answer of a captcha just issued, for LOG_CAPTCHA_ANSWERS only (tests and development). */
export async function captchaAnswerForLog(db: Kysely<DB>, id: string): Promise<string> {
  const row = await db.selectFrom('auth_captcha').select('answer').where('id', '=', id).executeTakeFirst();
  return row?.answer ?? '';
}
