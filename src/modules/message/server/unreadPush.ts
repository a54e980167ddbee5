import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { EventBus } from '../../../kernel/server/infra/infrastructure.js';
import { unreadCounts, type UnreadCounts } from './inbox.js';
import { UserSockets } from './userSockets.js';

/**
 * Unread counts pushed to open message sockets. A change (a release, a read mark) is published on the event bus
 * with the user ids it touched, so the process holding a user's socket hears it whichever process made the change;
 * each process keeps only its own sockets. Past NOTIFY's 8000-byte payload a change says "everyone" (*).
 */
const CHANNEL = 'message_unread';
const EVERYONE = '*';
const IDS_PER_EVENT = 100;

/** The counts as JNPF's socket frames name them (initMessage and messagePush). */
export const unreadFrameFields = (counts: UnreadCounts) => ({
  unreadNoticeCount: counts.notice,
  unreadMessageCount: counts.workflow,
  unreadSystemMessageCount: counts.system,
  unreadScheduleCount: counts.schedule,
  unreadTotalCount: counts.total,
});

export class UnreadPush {
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

  async notify(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.events.publish(CHANNEL, userIds.length > IDS_PER_EVENT ? EVERYONE : userIds.join(','));
  }

  private async deliver(payload: string): Promise<void> {
    const users = payload === EVERYONE ? this.sockets.users() : payload.split(',').filter((id) => this.sockets.has(id));
    for (const userId of users) {
      try {
        const frame = JSON.stringify({ method: 'messagePush', ...unreadFrameFields(await unreadCounts(this.db, userId)) });
        this.sockets.send(userId, frame);
      } catch {
        // A count that cannot be read now is sent with the next change; the socket stays open.
      }
    }
  }
}
