import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { passwordProblems, readPasswordPolicy } from '../../../shared/passwordPolicy.js';
import { TRANSPORT_HASH_PATTERN } from '../../../shared/passwordHash.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { SignInService } from '../../../kernel/server/sessions.js';
import { PASSWORD_POLICY_KEYS, readSysConfig } from '../../sysConfig/server/public.js';
import { unsealPassword } from './passwordKeys.js';
import { hashStoredPassword, verifyStoredPassword } from './passwordStore.js';
import { SysLogCategory, writeSysLog } from './sysLog.js';

/**
 * The password change of spec 001 §5 on the server. Both passwords arrive hashed, as the spec has it; the new one
 * also arrives sealed with the RSA-OAEP key of users/passwordKeys.ts (shared/passwordCipher.ts), so the policy is
 * checked here on the real password and the hash is checked to be of that same password. The key is in the
 * database: the process that handed it out and the one that receives the change need not be the same.
 */
export interface PasswordChangeInput {
  oldPassword?: string;
  password?: string;
  passwordCipher?: string;
  code?: string;
  timestamp?: string;
}

export async function changePassword(
  db: Kysely<DB>,
  signIn: Pick<SignInService, 'consumeCaptcha' | 'endSessions'>,
  user: { userId: string; account: string; tokenHash: string }, input: PasswordChangeInput, ip: string): Promise<void> {
  // The spec's messages, in the order the form shows them.
  if (!input.oldPassword) throw AppError.badRequest('password.oldRequired');
  if (!input.password) throw AppError.badRequest('password.newRequired');
  if (!input.code?.trim()) throw AppError.badRequest('password.codeRequired');
  if (!TRANSPORT_HASH_PATTERN.test(input.oldPassword) || !TRANSPORT_HASH_PATTERN.test(input.password)) throw AppError.badRequest('password.notHashed');
  if (!(await signIn.consumeCaptcha(db, input.timestamp, input.code))) throw AppError.badRequest('password.captchaWrong');

  const plain = input.passwordCipher ? await unsealPassword(db, input.passwordCipher) : null;
  if (plain === null) throw AppError.badRequest('password.sealMissing');
  if (createHash('md5').update(plain).digest('hex') !== input.password.toLowerCase()) throw AppError.badRequest('password.sealMismatch');
  const policy = readPasswordPolicy(await readSysConfig(db, PASSWORD_POLICY_KEYS));
  const [problem] = passwordProblems(plain, policy);
  if (problem) throw AppError.badRequest(problem.key, problem.values);

  const stored = await db.selectFrom('base_user').select('password_hash').where('id', '=', user.userId).executeTakeFirstOrThrow();
  if (!(await verifyStoredPassword(stored.password_hash, input.oldPassword))) throw AppError.badRequest('password.oldWrong');
  if (input.oldPassword.toLowerCase() === input.password.toLowerCase()) throw AppError.badRequest('password.same');
  const hash = await hashStoredPassword(input.password.toLowerCase());
  await db.transaction().execute(async (trx) => {
    // Only over the hash the old password was checked against: of two changes racing, the second finds the hash
    // changed and is refused as a wrong old password, instead of silently replacing the first.
    const changed = await trx
      .updateTable('base_user')
      .set({ password_hash: hash, change_password_date: new Date() })
      .where('id', '=', user.userId)
      .where('password_hash', '=', stored.password_hash)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw AppError.badRequest('password.oldWrong');
    await writeSysLog(trx, { userId: user.userId, account: user.account, category: SysLogCategory.passwordChange, ip, description: 'password changed' });
    // Whoever held the old password elsewhere is signed out; this session, which proved it just now, stays.
    await signIn.endSessions(trx, user.userId, 'password changed', user.tokenHash);
  });
}
