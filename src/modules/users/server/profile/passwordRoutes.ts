import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../kernel/server/db/schema.js';
import type { EventBus } from '../../../../kernel/server/infra/infrastructure.js';
import { publishSessionsEnded, type SignInService } from '../../../../kernel/server/sessions.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { changePassword, type PasswordChangeInput } from '../passwordChange.js';
import { passwordPublicKey } from '../passwordKeys.js';
import { CURRENT_USER_BASE, currentUserId } from './currentUser.js';

/** The signed-in user's own password change (spec 000 §7, Users/Current): the transport key, then the change. */
const passwordChangeBody = {
  type: 'object',
  properties: {
    oldPassword: { type: 'string', maxLength: 64 },
    password: { type: 'string', maxLength: 64 },
    passwordCipher: { type: 'string', maxLength: 1024 },
    code: { type: 'string', maxLength: 10 },
    timestamp: { type: 'string', maxLength: 64 },
  },
};

export async function passwordRoutes(app: FastifyInstance, ctx: { db: Kysely<DB>; events?: EventBus; signIn: SignInService }): Promise<void> {
  const { db } = ctx;

  async function readPasswordKey() {
    return ok({ publicKey: await passwordPublicKey(db) });
  }

  async function changeMyPassword(request: FastifyRequest<{ Body: PasswordChangeInput }>) {
    await changePassword(db, ctx.signIn, { userId: currentUserId(request), account: request.session!.account, tokenHash: request.session!.tokenHash }, request.body, request.ip);
    // The user's other sessions ended: their sockets hear it (decision 167).
    if (ctx.events) await publishSessionsEnded(ctx.events, [currentUserId(request)]);
    return ok(null, request.t('password.changed'));
  }

  // The forced password change calls these two (plugins/session.ts, whilePasswordChangeDue).
  app.get(`${CURRENT_USER_BASE}/PasswordKey`, { config: { whilePasswordChangeDue: true } }, readPasswordKey);
  app.post<{ Body: PasswordChangeInput }>(`${CURRENT_USER_BASE}/Actions/ModifyPassword`, { config: { whilePasswordChangeDue: true }, schema: { body: passwordChangeBody } }, changeMyPassword);
}
