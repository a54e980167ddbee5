import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { AppError } from '../../../kernel/server/appError.js';
import { MESSAGE_SENDING } from '../../../kernel/server/infra/rateLimit.js';
import { rateLimited } from '../../../kernel/server/plugins/rateLimit.js';
import { ok } from '../../../kernel/server/plugins/envelope.js';
import { idParams, listQueryProperties } from '../../../kernel/server/crud/requestSchemas.js';
import * as mailbox from './mailbox.js';

/**
 * JNPF's mail calls (/api/extend/Email), for the caller's own mailbox: every signed-in user has one, as they have
 * a message list, so no menu permission guards them. Receive answers JNPF's "no mail account" since no POP3
 * account is configured: mail between users is delivered in the product (see mailbox.ts).
 */
const EMAIL = '/api/extend/Email';
const address = { type: ['string', 'array', 'null'], maxLength: 20_000, maxItems: 200, items: { type: 'string', maxLength: 100 } } as const;
const mailBody = {
  type: 'object',
  properties: {
    id: { type: ['string', 'null'], maxLength: 50 },
    recipient: address,
    cc: address,
    bcc: address,
    subject: { type: ['string', 'null'], maxLength: 1000 },
    bodyText: { type: ['string', 'null'], maxLength: 500_000 },
    attachment: { type: ['string', 'array', 'null'], maxLength: 100_000, maxItems: 100 },
    attachmentFiles: { type: ['array', 'null'], maxItems: 100 },
  },
} as const;
const listSchema = { type: 'object', properties: { ...listQueryProperties, type: { type: 'string', maxLength: 20 } } } as const;

export async function emailRoutes(app: FastifyInstance, db: Kysely<DB>): Promise<void> {
  const me = (request: FastifyRequest) => request.session!.userId;
  const byId = { schema: { params: idParams } };

  app.get<{ Querystring: Record<string, unknown> & { type?: string } }>(EMAIL, { schema: { querystring: listSchema } }, async (request) => ok(await mailbox.listMail(db, me(request), request.query.type, request.query)));
  app.post<{ Body: mailbox.EmailInput & { id?: string | null } }>(EMAIL, rateLimited(MESSAGE_SENDING, { schema: { body: mailBody } }), async (request) => {
    await mailbox.sendMail(db, me(request), request.body ?? {});
    return ok(null, request.t('email.sent'));
  });
  app.post<{ Body: mailbox.EmailInput & { id?: string | null } }>(`${EMAIL}/Actions/SaveDraft`, rateLimited(MESSAGE_SENDING, { schema: { body: mailBody } }), async (request) =>
    ok({ id: await mailbox.saveDraft(db, me(request), request.body ?? {}) }, request.t('email.draftSaved')),
  );
  app.post(`${EMAIL}/Receive`, async () => {
    throw AppError.badRequest('email.noAccount');
  });
  app.get<{ Params: { id: string } }>(`${EMAIL}/:id`, byId, async (request) => ok(await mailbox.mailInfo(db, me(request), request.params.id)));
  app.delete<{ Params: { id: string } }>(`${EMAIL}/:id`, byId, async (request) => {
    await mailbox.deleteMail(db, me(request), request.params.id);
    return ok(null, request.t('common.deleted'));
  });
  const marks = { Read: { is_read: 1 }, Unread: { is_read: 0 }, Star: { starred: 1 }, Unstar: { starred: 0 } } as const;
  for (const [action, change] of Object.entries(marks)) {
    app.put<{ Params: { id: string } }>(`${EMAIL}/:id/Actions/${action}`, byId, async (request) => {
      await mailbox.markMail(db, me(request), request.params.id, change);
      return ok(null, request.t('email.done'));
    });
  }
}
