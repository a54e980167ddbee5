import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/kernel/server/db/database.js';
import { saveMessage } from '../../../src/modules/message/server/chat/store.js';
import { openChatSocket, type ChatSocket } from '../../support/chatSocket.js';
import type { ServerProcess } from '../../support/serverProcess.js';
import { tokenFor } from '../../support/api/signIn.js';
import { TEST_PASSWORDS, testApp, testDatabases } from '../../support/api/testDatabases.js';
import { startTwoProcesses, type TwoProcesses } from '../../support/twoProcesses.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);

function imageForm(content: Buffer, name: string): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries({ pathType: 'defaultPath', isAccount: '0', folder: '' })) data.append(key, value);
  data.append('file', new Blob([new Uint8Array(content)]), name);
  return data;
}

/** Chat (spec 001 §7) over the message socket and the imreply calls, on one server. */
describe.each(testDatabases())('chat on $name', (testDb) => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let ws: string;
  let staffToken: string;
  let pengfeiToken: string;
  let staffId: string;
  let pengfeiId: string;
  let adminId: string;
  const sockets: ChatSocket[] = [];

  const open = async (token: string, language = 'en') => {
    const socket = await openChatSocket(ws, token, language);
    sockets.push(socket);
    return socket;
  };
  const call = (method: 'GET' | 'DELETE', url: string, token: string, language = 'en') =>
    app.inject({ method, url, headers: { authorization: token, 'accept-language': language } }).then((r) => r.json());
  const conversations = async (token: string) => (await call('GET', '/api/message/imreply', token)).data.list as any[];
  const countMessages = async () => Number((await database.db.selectFrom('base_im_content').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    ({ database, drop } = await testDb.open());
    // pengfei is any colleague here: the forced change of a newcomer's initial password is profile.test.ts's.
    await database.db.updateTable('base_user').set({ change_password_date: new Date() }).where('account', '=', 'pengfei').execute();
    app = await testApp(database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    ws = `ws://127.0.0.1:${address.port}`;
    staffToken = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    pengfeiToken = await tokenFor(app, 'pengfei', TEST_PASSWORDS.demoUser);
    const users = await database.db.selectFrom('base_user').select(['id', 'account']).where('account', 'in', ['staff', 'pengfei', 'admin']).execute();
    const idOf = (account: string) => users.find((u) => u.account === account)!.id;
    [staffId, pengfeiId, adminId] = [idOf('staff'), idOf('pengfei'), idOf('admin')];
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await app?.close();
    await drop?.();
  });

  it('delivers a text message to the receiver and echoes it to every socket of the sender', async () => {
    const staff = await open(staffToken);
    const staffOtherTab = await open(staffToken);
    const pengfei = await open(pengfeiToken);
    expect(pengfei.init.unreadNums).toEqual([]);

    staff.send({ method: 'SendMessage', toUserId: pengfeiId, messageType: 'text', messageContent: '试剂到了吗？' });
    const received = await pengfei.next('receiveMessage');
    expect(received).toMatchObject({ formUserId: staffId, userId: pengfeiId, messageType: 'text', formMessage: '试剂到了吗？', account: 'staff' });
    expect(typeof received.dateTime).toBe('number');
    for (const tab of [staff, staffOtherTab]) {
      expect(await tab.next('sendMessage')).toMatchObject({ id: received.id, userId: staffId, toUserId: pengfeiId, toMessage: '试剂到了吗？', toAccount: 'pengfei' });
    }

    // The receiver's list: the sender with one unread and the latest message; the sender's: nothing unread.
    expect((await conversations(pengfeiToken)).find((c) => c.id === staffId)).toMatchObject({ account: 'staff', unreadMessage: 1, latestMessage: '试剂到了吗？', messageType: 'text' });
    expect((await conversations(staffToken)).find((c) => c.id === pengfeiId)).toMatchObject({ account: 'pengfei', unreadMessage: 0, latestMessage: '试剂到了吗？' });
    // A socket opened now is greeted with the unread messages per sender.
    const later = await open(pengfeiToken);
    expect(later.init.unreadNums).toEqual([expect.objectContaining({ sendUserId: staffId, unreadNum: 1, defaultMessage: '试剂到了吗？', defaultMessageType: 'text' })]);

    // Opening the conversation marks it read.
    pengfei.send({ method: 'UpdateReadMessage', formUserId: staffId });
    pengfei.send({ method: 'MessageList', toUserId: staffId, formUserId: pengfeiId, currentPage: 1, pageSize: 30, sord: 'desc' });
    const list = await pengfei.next('messageList');
    expect(list.list).toEqual([expect.objectContaining({ id: received.id, sendUserId: staffId, receiveUserId: pengfeiId, contentType: 'text', content: '试剂到了吗？', enabledMark: 1 })]);
    expect((await conversations(pengfeiToken)).find((c) => c.id === staffId).unreadMessage).toBe(0);

    // The four sockets, signed in, are what the metrics count (decision 230).
    const metrics = (await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: await tokenFor(app, 'admin', TEST_PASSWORDS.admin) } })).body;
    expect(metrics).toMatch(/^labcode_websockets\{state="open"\} 4$/m);
    expect(metrics).toMatch(/^labcode_websockets\{state="signed_in"\} 4$/m);
  });

  it('refuses empty and blank messages, unknown peers and oneself with a translated error frame, saving nothing', async () => {
    const staff = await open(staffToken);
    const zh = await open(staffToken, 'zh');
    const before = await countMessages();
    for (const content of ['', '   \n\t ', undefined]) {
      staff.send({ method: 'SendMessage', toUserId: pengfeiId, messageType: 'text', messageContent: content });
      expect(await staff.next('error')).toMatchObject({ request: 'SendMessage', code: 400, msg: 'An empty message cannot be sent' });
    }
    zh.send({ method: 'SendMessage', toUserId: pengfeiId, messageType: 'text', messageContent: ' ' });
    expect((await zh.next('error')).msg).toBe('不能发送空白消息');
    staff.send({ method: 'SendMessage', toUserId: pengfeiId, messageType: 'text', messageContent: 'x'.repeat(2001) });
    expect((await staff.next('error')).msg).toBe('A message has at most 2000 characters');
    staff.send({ method: 'SendMessage', toUserId: 'nobody', messageType: 'text', messageContent: 'hi' });
    expect((await staff.next('error')).msg).toBe('This contact does not exist or is disabled');
    staff.send({ method: 'SendMessage', toUserId: staffId, messageType: 'text', messageContent: 'hi' });
    expect((await staff.next('error')).msg).toBe('You cannot send a message to yourself');
    staff.send({ method: 'SendMessage', toUserId: pengfeiId, messageType: 'video', messageContent: '{}' });
    expect((await staff.next('error')).msg).toBe('This kind of message cannot be sent');
    expect(await countMessages()).toBe(before);
    expect(staff.pending('sendMessage')).toEqual([]);
  });

  it('sends an image uploaded to /api/file/Uploader/IM, and only the sender\'s own chat image', async () => {
    const upload = (token: string, type: string, content: Buffer) =>
      app.inject({ method: 'POST', url: `/api/file/Uploader/${type}`, headers: { authorization: token, 'accept-language': 'zh' }, payload: imageForm(content, 'photo.png') }).then((r) => r.json());
    // One file under 5 MB (spec 001 §5): a larger one is refused with the spec's message.
    expect(await upload(staffToken, 'IM', Buffer.concat([PNG, Buffer.alloc(5_242_880)]))).toMatchObject({ code: 413, msg: '图片大小不能超过5M' });
    const image = (await upload(staffToken, 'IM', PNG)).data;
    const staff = await open(staffToken);
    const pengfei = await open(pengfeiToken);
    staff.send({ method: 'SendMessage', toUserId: pengfeiId, messageType: 'image', messageContent: { name: image.name, width: 640, height: 480 } });
    const received = await pengfei.next('receiveMessage');
    expect(received).toMatchObject({ messageType: 'image', formMessage: { name: image.name, path: `/api/file/Image/IM/${image.name}`, width: 640, height: 480 } });
    expect((await app.inject({ method: 'GET', url: received.formMessage.path })).rawPayload.equals(PNG)).toBe(true);
    // JNPF clients may send the image as JSON text.
    staff.send({ method: 'SendMessage', toUserId: pengfeiId, messageType: 'image', messageContent: JSON.stringify({ name: image.name, width: '10', height: '20' }) });
    expect((await pengfei.next('receiveMessage')).formMessage).toMatchObject({ width: 10, height: 20 });

    const before = await countMessages();
    // pengfei cannot send staff's upload, nor anyone an image of another upload type or one that does not exist.
    pengfei.send({ method: 'SendMessage', toUserId: staffId, messageType: 'image', messageContent: { name: image.name } });
    expect((await pengfei.next('error')).msg).toBe('The image is not there; upload it again');
    const annex = (await upload(staffToken, 'annexpic', PNG)).data;
    for (const name of [annex.name, `${'0'.repeat(32)}.png`, undefined]) {
      staff.send({ method: 'SendMessage', toUserId: pengfeiId, messageType: 'image', messageContent: { name } });
      expect((await staff.next('error')).msg).toBe('The image is not there; upload it again');
    }
    expect(await countMessages()).toBe(before);
  });

  it('pages the history: the latest 30 first, then pages of 50 before the oldest shown, while more remain', async () => {
    for (let i = 1; i <= 85; i += 1) await saveMessage(database.db, i % 2 ? adminId : staffId, i % 2 ? staffId : adminId, { type: 'text', content: `m${i}` });
    const staff = await open(staffToken);
    staff.send({ method: 'MessageList', toUserId: adminId, formUserId: staffId, currentPage: 1, pageSize: 30, sord: 'desc' });
    const first = await staff.next('messageList');
    expect(first.pagination).toEqual({ total: 85, currentPage: 1, pageSize: 30 });
    expect(first.list.map((m: any) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `m${56 + i}`));

    // A message arriving while the user scrolls back does not shift the pages.
    await saveMessage(database.db, adminId, staffId, { type: 'text', content: 'new' });
    staff.send({ method: 'MessageList', toUserId: adminId, currentPage: 1, pageSize: 50, beforeId: first.list[0].id });
    const second = await staff.next('messageList');
    expect(second.list.map((m: any) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `m${6 + i}`));
    staff.send({ method: 'MessageList', toUserId: adminId, currentPage: 1, pageSize: 50, beforeId: second.list[0].id });
    expect((await staff.next('messageList')).list.map((m: any) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);

    // JNPF clients' page numbers work as well; the keyword searches the text.
    staff.send({ method: 'MessageList', toUserId: adminId, currentPage: 2, pageSize: 50 });
    expect((await staff.next('messageList')).list.map((m: any) => m.content)).toEqual(Array.from({ length: 36 }, (_, i) => `m${1 + i}`));
    staff.send({ method: 'MessageList', toUserId: adminId, currentPage: 1, pageSize: 50, keyword: 'm8' });
    expect((await staff.next('messageList')).list.map((m: any) => m.content)).toEqual(['m8', 'm80', 'm81', 'm82', 'm83', 'm84', 'm85']);
    // The socket's session says who asks: naming another pair through formUserId shows nothing of theirs.
    staff.send({ method: 'MessageList', toUserId: pengfeiId, formUserId: adminId, currentPage: 1, pageSize: 30 });
    expect((await staff.next('messageList')).list.every((m: any) => [m.sendUserId, m.receiveUserId].includes(staffId))).toBe(true);
  });

  it('clears one side\'s records after which the list keeps the entry empty, and removes an entry until the next message', async () => {
    await saveMessage(database.db, staffId, pengfeiId, { type: 'text', content: 'to be cleared' });
    expect((await conversations(pengfeiToken)).find((c) => c.id === staffId).unreadMessage).toBeGreaterThan(0);

    expect(await call('DELETE', `/api/message/imreply/deleteChatRecord/${staffId}`, pengfeiToken)).toMatchObject({ code: 200, msg: 'The chat records are cleared' });
    expect((await conversations(pengfeiToken)).find((c) => c.id === staffId)).toMatchObject({ latestMessage: '', messageType: '', unreadMessage: 0 });
    const pengfei = await open(pengfeiToken);
    pengfei.send({ method: 'MessageList', toUserId: staffId, currentPage: 1, pageSize: 30 });
    expect(await pengfei.next('messageList')).toMatchObject({ list: [], pagination: { total: 0 } });
    // staff's side is untouched.
    const staff = await open(staffToken);
    staff.send({ method: 'MessageList', toUserId: pengfeiId, currentPage: 1, pageSize: 30 });
    expect((await staff.next('messageList')).list.map((m: any) => m.content)).toContain('to be cleared');

    expect(await call('DELETE', `/api/message/imreply/relocation/${staffId}`, pengfeiToken, 'zhtw')).toMatchObject({ code: 200, msg: '會話已移除' });
    expect((await conversations(pengfeiToken)).some((c) => c.id === staffId)).toBe(false);
    staff.send({ method: 'SendMessage', toUserId: pengfeiId, messageType: 'text', messageContent: 'back again' });
    await pengfei.next('receiveMessage');
    expect((await conversations(pengfeiToken)).find((c) => c.id === staffId)).toMatchObject({ latestMessage: 'back again', unreadMessage: 1 });

    // A conversation that is not in the caller's list is refused, and nothing changes.
    expect(await call('DELETE', `/api/message/imreply/deleteChatRecord/${adminId}`, pengfeiToken)).toMatchObject({ code: 404, msg: 'No such conversation' });
    expect(await call('DELETE', '/api/message/imreply/relocation/nobody', pengfeiToken, 'zh')).toMatchObject({ code: 404, msg: '会话不存在' });
    expect((await call('GET', '/api/message/imreply', 'not-a-token')).code).toBe(602);
  });

  it('bounds the frames of a socket and of a user: a flood is refused with a translated error frame, then closed', async () => {
    const adminToken = await tokenFor(app, 'admin', TEST_PASSWORDS.admin);
    const [first, second, third] = [await open(adminToken), await open(adminToken), await open(adminToken, 'zh')];
    const before = await countMessages();
    // What each socket's own frames got: an error frame to that socket when refused; when saved, an echo of its text
    // to every socket of the user.
    const answered = new Map<string, number>();
    const note = (text: string) => answered.set(text, (answered.get(text) ?? 0) + 1);
    for (const [socket, text] of [[second, 'flood b'], [third, 'flood c']] as const) {
      socket.socket.on('message', (data) => {
        const answer = JSON.parse(data.toString());
        if (answer.method === 'error') note(text);
        if (answer.method === 'sendMessage' && answer.toMessage === text) note(text);
      });
    }
    const firstClosed = new Promise<number>((resolve) => first.socket.once('close', (code) => resolve(code)));
    const started = performance.now();
    const frame = (text: string) => ({ method: 'SendMessage', toUserId: staffId, messageType: 'text', messageContent: text });
    // A socket takes a burst of 20; the user's sockets together 40, both then 5 a second. Three sockets of 20 each
    // would save 60 without the user's bound. A hundred refusals in a row close a socket.
    for (let i = 0; i < 500; i += 1) first.send(frame('flood a'));
    for (let i = 0; i < 30; i += 1) second.send(frame('flood b'));
    for (let i = 0; i < 30; i += 1) third.send(frame('flood c'));
    // The server answers other callers while the flood is refused.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json().data.status).toBe('ok');
    expect(await first.next('error')).toMatchObject({ request: 'SendMessage', code: 429, msg: 'Too many at once; wait a moment and try again', retryAfterMs: expect.any(Number) });
    expect(await firstClosed).toBe(1008);
    expect(await third.next('error')).toMatchObject({ code: 429, msg: '操作过于频繁，请稍后再试' });
    await vi.waitFor(() => expect([answered.get('flood b'), answered.get('flood c')]).toEqual([30, 30]), { timeout: 30_000, interval: 20 });
    // The first socket's accepted frames may still be saving after it closed: the user's 40 are all spent in the end.
    await vi.waitFor(async () => expect((await countMessages()) - before).toBeGreaterThanOrEqual(40), { timeout: 30_000, interval: 20 });
    // Never more than the burst and what refilled meanwhile.
    const saved = (await countMessages()) - before;
    const seconds = (performance.now() - started) / 1000;
    expect(saved).toBeLessThanOrEqual(40 + Math.ceil(seconds * 5) + 1);
  });

  it('refuses chat on a socket whose session has ended since it connected', async () => {
    const ended = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    const staff = await open(ended);
    // Listened for before the sign-out: the server may close the socket as soon as the session ends, before the
    // message below is sent (a run that listened after the count below waited for a close that had already been).
    const closed = new Promise<number>((resolve) => staff.socket.once('close', (code) => resolve(code)));
    await app.inject({ method: 'GET', url: '/api/oauth/Logout', headers: { authorization: ended } });
    const before = await countMessages();
    staff.send({ method: 'SendMessage', toUserId: pengfeiId, messageType: 'text', messageContent: 'after logout' });
    expect(await staff.next('logout')).toMatchObject({ method: 'logout' });
    expect(await closed).toBe(4601);
    expect(await countMessages()).toBe(before);
  });
});

/**
 * The guide's "Scale": a message sent through one server process reaches a socket on another, both on one
 * PostgreSQL (the event bus is LISTEN/NOTIFY). Needs TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)('chat across two server processes on one PostgreSQL', () => {
  let processes: TwoProcesses;
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: ChatSocket[] = [];
  const open = async (server: ServerProcess, token: string) => {
    const socket = await openChatSocket(server.url.replace('http', 'ws'), token);
    sockets.push(socket);
    return socket;
  };
  const tokenOn = (server: ServerProcess, account: string, password?: string) => processes.tokenOn(server, account, password);

  beforeAll(async () => {
    processes = await startTwoProcesses(serverUrl!, 'chat');
    ({ a, b } = processes);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await processes?.stop();
  });

  it('pushes a message sent through process A to the receiver on process B, and echoes it to the sender on both', async () => {
    const staffToken = await tokenOn(a, 'staff');
    const linaToken = await tokenOn(b, 'lina');
    const linaOnB = await open(b, linaToken);
    const staffOnA = await open(a, staffToken);
    const staffOnB = await open(b, staffToken);
    const users = (await (await fetch(`${a.url}/api/permission/Users/ImUser?currentPage=1&pageSize=20&keyword=lina`, { headers: { authorization: staffToken } })).json()) as { data: { list: { id: string; account: string }[] } };
    const linaId = users.data.list.find((u) => u.account === 'lina')!.id;

    staffOnA.send({ method: 'SendMessage', toUserId: linaId, messageType: 'text', messageContent: 'across processes' });
    const received = await linaOnB.next('receiveMessage');
    expect(received).toMatchObject({ formMessage: 'across processes', account: 'staff', userId: linaId });
    expect(await staffOnA.next('sendMessage')).toMatchObject({ id: received.id, toUserId: linaId });
    expect(await staffOnB.next('sendMessage')).toMatchObject({ id: received.id });

    // The reply goes the other way; both lists, read through either process, agree.
    linaOnB.send({ method: 'SendMessage', toUserId: received.formUserId, messageType: 'text', messageContent: 'reply' });
    expect(await staffOnA.next('receiveMessage')).toMatchObject({ formMessage: 'reply', formUserId: linaId });
    const list = (await (await fetch(`${a.url}/api/message/imreply`, { headers: { authorization: linaToken } })).json()) as { data: { list: any[] } };
    expect(list.data.list).toEqual([expect.objectContaining({ account: 'staff', latestMessage: 'reply', unreadMessage: 1 })]);
  });
});
