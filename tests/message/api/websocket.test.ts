import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { Database } from '../../../src/kernel/server/db/database.js';
import { TEST_PASSWORDS, testApp, testDatabases } from '../../support/api/testDatabases.js';
import { tokenFor } from '../../support/api/signIn.js';

/** A real client against a listening server: what a JNPF web client's websocket sees. */
describe.each(testDatabases())('JNPF message websocket on $name', (testDb) => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let base: string;
  let token: string;

  beforeAll(async () => {
    ({ database, drop } = await testDb.open());
    app = await testApp(database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `ws://127.0.0.1:${address.port}`;
    token = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  /** Opens a socket and collects what it receives until it closes (or the test stops listening). */
  function connect(path: string) {
    const socket = new WebSocket(`${base}${path}`, { headers: { 'accept-language': 'en' } });
    const frames: Record<string, unknown>[] = [];
    const waiters: (() => void)[] = [];
    socket.on('message', (data) => {
      frames.push(JSON.parse(data.toString()));
      waiters.splice(0).forEach((wake) => wake());
    });
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    const nextFrame = async () => {
      while (frames.length === 0) await new Promise<void>((wake) => waiters.push(wake));
      return frames.shift()!;
    };
    const send = (frame: object) => socket.send(JSON.stringify(frame));
    return { socket, opened, closed, nextFrame, send };
  }

  it('greets OnConnection on /api/message/websocket/{token} (3.6) with the counts the badge reads', async () => {
    // The 3.6 client puts the stored token, "bearer ..." with its space, into the path.
    const client = connect(`/api/message/websocket/${encodeURIComponent(token)}`);
    await client.opened;
    // A heartbeat is accepted without an answer; the greeting that follows is the first frame back.
    client.send({ method: 'heartCheck', token });
    client.send({ method: 'OnConnection', token, mobileDevice: false, systemId: 'labcode', isSeparate: false });
    const init = await client.nextFrame();
    // The demo seed releases one notice to every user: the counts are the staff user's unread messages.
    expect(init).toMatchObject({ method: 'initMessage', unreadNums: [], unreadTotalCount: 1, unreadMessageCount: 0, unreadNoticeCount: 1, onlineUsers: [] });
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
    await client.closed;
  });

  it('closes a socket that sends a frame over 64 KB (1009), signed in or not', async () => {
    const client = connect('/api/message/websocket');
    await client.opened;
    client.socket.send('x'.repeat(100 * 1024));
    expect((await client.closed).code).toBe(1009);
  });

  it('takes the bare token in the path, and /websocket/{token} as JNPF\'s proxy layout has it', async () => {
    for (const path of [`/api/message/websocket/${token.replace(/^bearer /, '')}`, `/websocket/${encodeURIComponent(token)}`]) {
      const client = connect(path);
      await client.opened;
      client.send({ method: 'OnConnection', token, mobileDevice: false });
      expect((await client.nextFrame()).method).toBe('initMessage');
      client.socket.close();
      await client.closed;
    }
  });

  it('authenticates a 3.4 client by the token in its OnConnection frame', async () => {
    const client = connect('/api/message/websocket');
    await client.opened;
    client.send({ method: 'OnConnection', token, mobileDevice: false });
    expect((await client.nextFrame()).method).toBe('initMessage');
    client.socket.close();
    await client.closed;
  });

  it('refuses a bad token: a logout frame with the reason, then a close with code 4000 + the session code', async () => {
    const client = connect('/api/message/websocket/not-a-token');
    await client.opened;
    expect(await client.nextFrame()).toEqual({ method: 'logout', msg: 'The sign-in token is not valid; please sign in again' });
    expect(await client.closed).toEqual({ code: 4602, reason: 'The sign-in token is not valid; please sign in again' });

    const anonymous = connect('/api/message/websocket');
    await anonymous.opened;
    anonymous.send({ method: 'OnConnection', mobileDevice: false });
    expect((await anonymous.nextFrame()).method).toBe('logout');
    expect((await anonymous.closed).code).toBe(4600);
  });

  it('refuses a token that has signed out', async () => {
    const ended = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    await app.inject({ method: 'GET', url: '/api/oauth/Logout', headers: { authorization: ended } });
    const client = connect(`/api/message/websocket/${encodeURIComponent(ended)}`);
    await client.opened;
    expect((await client.nextFrame()).method).toBe('logout');
    expect((await client.closed).code).toBe(4601);
  });

  it('answers a plain GET on the socket path with the not-found envelope', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/message/websocket/${encodeURIComponent(token)}` });
    expect(response.json()).toMatchObject({ code: 404, data: null });
  });
});
