import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../../src/kernel/server/db/database.js';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { openChatSocket, type ChatSocket } from '../../support/chatSocket.js';
import type { ServerProcess } from '../../support/serverProcess.js';
import { tokenFor } from '../../support/api/signIn.js';
import { TEST_PASSWORDS, testApp, testDatabases } from '../../support/api/testDatabases.js';
import { startTwoProcesses, type TwoProcesses } from '../../support/twoProcesses.js';

const REVOKED = {
  en: 'This session has ended (signed out or revoked); please sign in again',
  zh: '登录状态已失效（已退出或被强制下线），请重新登录',
};

/** Resolves with the close code of the socket, or 'open' if it is still open after the wait. */
const closeCode = (socket: ChatSocket, waitMs = 5000) =>
  new Promise<number | 'open'>((resolve) => {
    if (socket.socket.readyState === socket.socket.CLOSED) return resolve(-1);
    const timer = setTimeout(() => resolve('open'), waitMs);
    socket.socket.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

/** A session ended elsewhere closes its open sockets at once, not at their next frame (decision 167). */
describe.each(testDatabases())('remote logout over the message socket on $name', (testDb) => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let ws: string;
  let adminToken: string;
  const sockets: ChatSocket[] = [];

  const open = async (token: string, language = 'en') => {
    const socket = await openChatSocket(ws, token, language);
    sockets.push(socket);
    return socket;
  };
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: token, 'accept-language': 'en' }, payload }).then((r) => r.json());
  const idOf = async (account: string) => (await database.db.selectFrom('base_user').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    ({ database, drop } = await testDb.open());
    app = await testApp(database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    ws = `ws://127.0.0.1:${address.port}`;
    adminToken = await tokenFor(app, 'admin', TEST_PASSWORDS.admin);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await app?.close();
    await drop?.();
  });

  it('closes every tab of a session that signs out elsewhere (4601, the logout frame first), and only that session', async () => {
    const ended = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    const other = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    const [tab1, tab2, otherTab] = [await open(ended), await open(ended, 'zh'), await open(other)];
    const closes = [closeCode(tab1), closeCode(tab2), closeCode(otherTab, 1500)];

    expect((await call('GET', '/api/oauth/Logout', ended)).code).toBe(200);
    expect(await tab1.next('logout')).toEqual({ method: 'logout', msg: REVOKED.en });
    expect(await tab2.next('logout')).toEqual({ method: 'logout', msg: REVOKED.zh });
    expect(await Promise.all(closes)).toEqual([4601, 4601, 'open']);
    // The other session of the same user is untouched: it still signs in its calls.
    expect((await call('GET', '/api/oauth/CurrentUser', other)).code).toBe(200);
    expect(otherTab.pending('logout')).toEqual([]);
  });

  it('closes the sockets of a user the administrator disables, and lets them in again when enabled', async () => {
    const token = await tokenFor(app, 'pengfei', TEST_PASSWORDS.demoUser);
    const socket = await open(token);
    const closed = closeCode(socket);
    const id = await idOf('pengfei');
    expect((await call('PUT', `/api/permission/Users/${id}/Actions/State`, adminToken, { enabledMark: 0 })).code).toBe(200);
    expect(await socket.next('logout')).toMatchObject({ msg: REVOKED.en });
    expect(await closed).toBe(4601);
    expect((await call('PUT', `/api/permission/Users/${id}/Actions/State`, adminToken, { enabledMark: 1 })).code).toBe(200);
  });

  it('closes the sockets of a user whose password the administrator resets', async () => {
    const token = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    const socket = await open(token);
    const closed = closeCode(socket);
    const hash = hashPasswordForTransport(TEST_PASSWORDS.demoUser);
    const answer = await call('POST', `/api/permission/Users/${await idOf('staff')}/Actions/ResetPassword`, adminToken, { userPassword: hash, validatePassword: hash });
    expect(answer.code).toBe(200);
    expect(await socket.next('logout')).toMatchObject({ msg: REVOKED.en });
    expect(await closed).toBe(4601);
  });

  it('says it in the language the client names in ?lang=, over the browser\'s Accept-Language', async () => {
    const token = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    const socket = new WebSocket(`${ws}/api/message/websocket/${token}?lang=zh-CN`, { headers: { 'accept-language': 'en-US' } });
    const frames: Record<string, unknown>[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ method: 'OnConnection', token }));
    await expect.poll(() => frames.length).toBe(1);
    expect((await call('GET', '/api/oauth/Logout', token)).code).toBe(200);
    expect(await closed).toBe(4601);
    expect(frames[1]).toEqual({ method: 'logout', msg: REVOKED.zh });
  });

  it('leaves the sockets open when a refused request ends nothing', async () => {
    const token = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    const socket = await open(token);
    const closed = closeCode(socket, 1500);
    // The administrator may not disable himself: the request is refused, no session ends, no socket closes.
    expect((await call('PUT', `/api/permission/Users/${await idOf('admin')}/Actions/State`, adminToken, { enabledMark: 0 })).code).toBe(400);
    expect((await call('PUT', `/api/permission/Users/${await idOf('staff')}/Actions/State`, adminToken, { enabledMark: 1 })).code).toBe(200);
    expect(await closed).toBe('open');
    expect(socket.pending('logout')).toEqual([]);
  });
});

/** The session's socket is held by another server process than the one the logout goes through. Needs TEST_DATABASE_URL. */
const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('remote logout across two server processes on one PostgreSQL', () => {
  let processes: TwoProcesses;
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: ChatSocket[] = [];
  const tokenOn = (server: ServerProcess, account: string, password?: string) => processes.tokenOn(server, account, password);

  beforeAll(async () => {
    processes = await startTwoProcesses(serverUrl!, 'logout');
    ({ a, b } = processes);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await processes?.stop();
  });

  it('a logout through process A closes the socket of that session held on process B', async () => {
    const token = await tokenOn(a, 'staff', TEST_PASSWORDS.demoUser);
    const onB = await openChatSocket(b.url.replace('http', 'ws'), token);
    sockets.push(onB);
    const closed = closeCode(onB);
    const answer = (await (await fetch(`${a.url}/api/oauth/Logout`, { headers: { authorization: token } })).json()) as { code: number };
    expect(answer.code).toBe(200);
    expect(await onB.next('logout')).toEqual({ method: 'logout', msg: REVOKED.en });
    expect(await closed).toBe(4601);
  });

  it('an administrator disabling the user through process B closes the user\'s socket on process A', async () => {
    const token = await tokenOn(a, 'pengfei', TEST_PASSWORDS.demoUser);
    const adminToken = await tokenOn(b, 'admin', TEST_PASSWORDS.admin);
    const onA = await openChatSocket(a.url.replace('http', 'ws'), token);
    sockets.push(onA);
    const closed = closeCode(onA);
    const users = (await (await fetch(`${b.url}/api/permission/Users/ImUser?currentPage=1&pageSize=20&keyword=pengfei`, { headers: { authorization: adminToken } })).json()) as { data: { list: { id: string; account: string }[] } };
    const id = users.data.list.find((u) => u.account === 'pengfei')!.id;
    const state = await fetch(`${b.url}/api/permission/Users/${id}/Actions/State`, { method: 'PUT', headers: { authorization: adminToken, 'content-type': 'application/json' }, body: JSON.stringify({ enabledMark: 0 }) });
    expect(((await state.json()) as { code: number }).code).toBe(200);
    expect(await onA.next('logout')).toMatchObject({ method: 'logout' });
    expect(await closed).toBe(4601);
  });

  it('a notice released through process A pushes the new unread count to the socket on process B', async () => {
    const token = await tokenOn(a, 'staff', TEST_PASSWORDS.demoUser);
    const adminToken = await tokenOn(a, 'admin', TEST_PASSWORDS.admin);
    const onB = await openChatSocket(b.url.replace('http', 'ws'), token);
    sockets.push(onB);
    const before = onB.init.unreadNoticeCount as number;
    const headers = { authorization: adminToken, 'content-type': 'application/json' };
    const created = (await (await fetch(`${a.url}/api/message`, { method: 'POST', headers, body: JSON.stringify({ title: '跨进程推送' }) })).json()) as { data: { id: string } };
    const released = (await (await fetch(`${a.url}/api/message/${created.data.id}/Actions/Release`, { method: 'PUT', headers: { authorization: adminToken } })).json()) as { code: number };
    expect(released.code).toBe(200);
    expect(await onB.next('messagePush')).toMatchObject({ unreadNoticeCount: before + 1, unreadTotalCount: expect.any(Number) });
  });
});
