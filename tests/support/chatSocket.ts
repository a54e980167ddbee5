import WebSocket from 'ws';

export type Frame = Record<string, any>;

/**
 * A JNPF-style chat client for tests: opens the message socket with the token in its path, greets
 * (OnConnection), and lets a test wait for the next frame of a method.
 */
export interface ChatSocket {
  socket: WebSocket;
  /** The initMessage greeting. */
  init: Frame;
  send(frame: Frame): void;
  /** Resolves with the next frame of this method, or of any of these (frames of others are kept for their own waits). */
  next(method: string | string[], timeoutMs?: number): Promise<Frame>;
  /**
   * Sends a chat message and resolves with its echo. A frame refused for its rate (429, infra/rateLimit.ts) is sent
   * again when the refusal's retryAfterMs says a token is back, as a client retries: for tests that lay down a
   * longer history than a person types at once.
   */
  sendMessage(frame: Frame): Promise<Frame>;
  /** Frames of this method received so far and not yet taken by next(). */
  pending(method: string): Frame[];
  close(): Promise<void>;
}

export async function openChatSocket(baseWs: string, token: string, language = 'en'): Promise<ChatSocket> {
  const socket = new WebSocket(`${baseWs}/api/message/websocket/${encodeURIComponent(token)}`, { headers: { 'accept-language': language } });
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()));
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = async (method: string | string[], timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    const methods = Array.isArray(method) ? method : [method];
    for (;;) {
      const index = frames.findIndex((f) => methods.includes(f.method));
      if (index >= 0) return frames.splice(index, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${method} frame within ${timeoutMs} ms; got ${JSON.stringify(frames.map((f) => f.method))}`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  };
  const send = (frame: Frame) => socket.send(JSON.stringify({ token, ...frame }));
  send({ method: 'OnConnection', mobileDevice: false });
  const init = await next('initMessage');
  const sendMessage = async (frame: Frame) => {
    for (;;) {
      send(frame);
      const answer = await next(['sendMessage', 'error']);
      if (answer.method === 'sendMessage') return answer;
      if (answer.code !== 429 || typeof answer.retryAfterMs !== 'number') throw new Error(`the message was refused: ${JSON.stringify(answer)}`);
      await new Promise((resolve) => setTimeout(resolve, answer.retryAfterMs));
    }
  };
  return {
    socket,
    init,
    send,
    next,
    sendMessage,
    pending: (method) => frames.filter((f) => f.method === method),
    close: async () => {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.close();
      await closed;
    },
  };
}
