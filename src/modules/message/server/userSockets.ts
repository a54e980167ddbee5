import type { WebSocket } from 'ws';

/**
 * This process's open message sockets, by user, each with what its push needs of it. The unread, chat and
 * session-end pushes each keep one: an event on the bus names users, and only the process holding their sockets
 * acts. A socket leaves by itself when it closes.
 */
export class UserSockets<V = true> {
  private readonly byUser = new Map<string, Map<WebSocket, V>>();

  add(userId: string, socket: WebSocket, value: V): void {
    let sockets = this.byUser.get(userId);
    if (!sockets) this.byUser.set(userId, (sockets = new Map()));
    sockets.set(socket, value);
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.byUser.get(userId) === sockets) this.byUser.delete(userId);
    });
  }

  has(userId: string): boolean {
    return this.byUser.has(userId);
  }

  users(): string[] {
    return [...this.byUser.keys()];
  }

  /** The user's sockets that are still open, with their values. */
  open(userId: string): [WebSocket, V][] {
    return [...(this.byUser.get(userId) ?? [])].filter(([socket]) => socket.readyState === socket.OPEN);
  }

  send(userId: string, text: string): void {
    for (const [socket] of this.open(userId)) socket.send(text);
  }
}
