import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../../../shared/envelope.js';
import { AppError } from '../../../../kernel/server/appError.js';
import { idParams } from '../../../../kernel/server/crud/requestSchemas.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import { ok } from '../../../../kernel/server/plugins/envelope.js';
import { conversations } from './entries.js';
import { clearRecords, removeEntry } from './store.js';

/**
 * JNPF's imreply calls (ImReplyController; spec 001 §7 names the paths): the signed-in user's conversation list,
 * clearing the records of one conversation, and removing one from the list. {id} is the peer's user id. Every
 * signed-in user may chat: no menu or button guards these.
 */
const BASE = '/api/message/imreply';

export async function chatRoutes(app: FastifyInstance, db: Kysely<DB>): Promise<void> {
  const me = (request: FastifyRequest) => request.session!.userId;

  /** The entry must be in my list; clearing or removing another's or a made-up one is refused. */
  const ownEntry = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const entry = await db.selectFrom('base_im_reply').select('id').where('user_id', '=', me(request)).where('peer_user_id', '=', request.params.id).executeTakeFirst();
    if (!entry) throw new AppError(ResultCode.notFound, 'chat.conversationNotFound');
  };

  app.get(BASE, async (request) => ok({ list: await conversations(db, me(request)) }));

  app.delete<{ Params: { id: string } }>(`${BASE}/deleteChatRecord/:id`, { schema: { params: idParams } }, async (request) => {
    await ownEntry(request);
    await clearRecords(db, me(request), request.params.id);
    return ok(null, request.t('chat.recordsCleared'));
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/relocation/:id`, { schema: { params: idParams } }, async (request) => {
    await ownEntry(request);
    await removeEntry(db, me(request), request.params.id);
    return ok(null, request.t('chat.removed'));
  });
}
