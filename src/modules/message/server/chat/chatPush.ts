import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { DB } from '../../../../kernel/server/db/schema.js';
import type { EventBus } from '../../../../kernel/server/infra/infrastructure.js';
import { receiveMessageFrame, sendMessageFrame, type ChatUser } from './frames.js';
import { findMessage } from './store.js';
import { UserSockets } from '../userSockets.js';

/**
 * Chat messages reach their users' open sockets through the event bus (PostgreSQL LISTEN/NOTIFY across
 * processes): the process that saved a message publishes its id with both user ids, and every process that holds a
 * socket of either user reads the message and pushes it (receiveMessage to the receiver, sendMessage to the
 * sender's tabs). The payload stays far below NOTIFY's 8000 bytes whatever the message holds.
 */
const CHANNEL = 'message_chat';

export class ChatPush {
  private readonly sockets = new UserSockets();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly events: EventBus,
  ) {
    events.subscribe(CHANNEL, (payload) => void this.deliver(payload));
  }

  /** Keeps the socket of a signed-in user until it closes. */
  add(userId: string, socket: WebSocket): void {
    this.sockets.add(userId, socket, true);
  }

  /** Tells every process (this one too) that a message was saved. */
  async published(messageId: string, senderId: string, receiverId: string): Promise<void> {
    await this.events.publish(CHANNEL, [messageId, senderId, receiverId].join(','));
  }

  private send(userId: string, frame: object): void {
    this.sockets.send(userId, JSON.stringify(frame));
  }

  private async deliver(payload: string): Promise<void> {
    const [messageId, senderId, receiverId] = payload.split(',');
    if (!messageId || (!this.sockets.has(senderId) && !this.sockets.has(receiverId))) return;
    try {
      const message = await findMessage(this.db, messageId);
      if (!message) return;
      const users = await this.db.selectFrom('base_user').select(['id', 'real_name', 'account', 'head_icon']).where('id', 'in', [senderId, receiverId]).execute();
      const sender = users.find((u) => u.id === senderId) as ChatUser | undefined;
      const receiver = users.find((u) => u.id === receiverId) as ChatUser | undefined;
      if (!sender || !receiver) return;
      this.send(receiverId, receiveMessageFrame(message, sender));
      this.send(senderId, sendMessageFrame(message, sender, receiver));
    } catch {
      // The message is saved: a socket that missed the push finds it in the history when the chat opens.
    }
  }
}
