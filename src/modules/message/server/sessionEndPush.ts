import type { WebSocket } from 'ws';
import type { EventBus } from '../../../kernel/server/infra/infrastructure.js';
import { SESSION_ENDED_CHANNEL } from '../../../kernel/server/sessions.js';
import { UserSockets } from './userSockets.js';

/**
 * Closes open message sockets whose session ended elsewhere (decision 167): a logout in another tab, an
 * administrator disabling, deleting or resetting the password of the user, a password change ending the user's
 * other sessions. The event names the users (never a token); each process re-checks its own sockets of those users
 * against the database, and the check of a socket whose session is over sends the logout frame and closes it.
 */
export class SessionEndPush {
  /** Per user, each open socket with the check of its session (which answers and closes it when it is over). */
  private readonly sockets = new UserSockets<() => Promise<void>>();

  constructor(events: EventBus) {
    events.subscribe(SESSION_ENDED_CHANNEL, (payload) => void this.deliver(payload));
  }

  add(userId: string, socket: WebSocket, check: () => Promise<void>): void {
    this.sockets.add(userId, socket, check);
  }

  private async deliver(payload: string): Promise<void> {
    const checks = payload
      .split(',')
      .flatMap((userId) => this.sockets.open(userId))
      .map(([, check]) => check());
    await Promise.allSettled(checks);
  }
}
