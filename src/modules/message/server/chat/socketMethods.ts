import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { ResultCode } from '../../../../shared/envelope.js';
import { AppError } from '../../../../kernel/server/appError.js';
import type { DB } from '../../../../kernel/server/db/schema.js';
import type { ChatPush } from './chatPush.js';
import { chatContentOf } from './content.js';
import { chatErrorFrame, historyItem } from './frames.js';
import { history, markRead, saveMessage } from './store.js';

/** The chat methods a client may send on the message socket (spec 001 §7). */
export const CHAT_METHODS = ['SendMessage', 'MessageList', 'UpdateReadMessage'] as const;

export interface ChatFrame {
  method: string;
  toUserId?: unknown;
  formUserId?: unknown;
  messageType?: unknown;
  messageContent?: unknown;
  currentPage?: unknown;
  pageSize?: unknown;
  keyword?: unknown;
  beforeId?: unknown;
}

const idOf = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 50 ? value : undefined);

/** A user one may chat with: enabled, and not oneself. */
async function peerOf(db: Kysely<DB>, me: string, value: unknown): Promise<string> {
  const id = idOf(value);
  if (id === me) throw AppError.badRequest('chat.self');
  const user = id ? await db.selectFrom('base_user').select('id').where('id', '=', id).where('enabled_mark', '=', 1).executeTakeFirst() : undefined;
  if (!user) throw AppError.badRequest('chat.userInvalid');
  return user.id;
}

/**
 * MessageList's other party. JNPF clients send the peer as toUserId and themselves as formUserId; the server
 * never trusts formUserId to say who is asking: the socket's session does.
 */
const historyPeer = (me: string, frame: ChatFrame) => (idOf(frame.toUserId) && frame.toUserId !== me ? frame.toUserId : frame.formUserId);

/**
 * Carries out one chat frame for the signed-in user of the socket. Refusals (an empty message, an unknown peer)
 * answer an error frame in the socket's language and change nothing.
 */
export async function handleChatFrame(db: Kysely<DB>, push: ChatPush, me: string, frame: ChatFrame, socket: WebSocket, request: FastifyRequest): Promise<void> {
  try {
    if (frame.method === 'SendMessage') {
      const peer = await peerOf(db, me, frame.toUserId);
      const content = await chatContentOf(db, me, frame.messageType, frame.messageContent);
      const message = await saveMessage(db, me, peer, content);
      await push.published(message.id, me, peer);
    } else if (frame.method === 'MessageList') {
      const peer = await peerOf(db, me, historyPeer(me, frame));
      const page = await history(db, me, peer, frame);
      socket.send(JSON.stringify({ method: 'messageList', toUserId: peer, list: page.list.map(historyItem), pagination: page.pagination }));
    } else if (frame.method === 'UpdateReadMessage') {
      // JNPF names the peer formUserId here (whose messages to me are read); toUserId is taken as well.
      const peer = await peerOf(db, me, idOf(frame.formUserId) && frame.formUserId !== me ? frame.formUserId : frame.toUserId);
      await markRead(db, me, peer);
    }
  } catch (error) {
    if (error instanceof AppError) {
      socket.send(JSON.stringify(chatErrorFrame(frame.method, error.code, request.t(error.messageKey, error.params))));
      return;
    }
    request.log.error({ err: error }, `chat ${frame.method} failed`);
    socket.send(JSON.stringify(chatErrorFrame(frame.method, ResultCode.serverError, request.t('error.server'))));
  }
}
