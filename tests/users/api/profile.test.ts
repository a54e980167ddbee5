import { describe, expect, it } from 'vitest';
import { testDatabases, TEST_PASSWORDS } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { openChatSocket } from '../../support/chatSocket.js';
import { signIn } from '../../support/api/signIn.js';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { sealPassword } from '../../../src/shared/passwordCipher.js';
import { issueCaptcha } from '../../../src/modules/oauth/server/captchaStore.js';

/** A 1×1 PNG, and something that only claims to be an image. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const multipart = (name: string, type: string, content: Buffer) => {
  const boundary = 'labcode-test-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe.each(testDatabases())('the profile calls of /permission/Users/Current on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const BASE = '/api/permission/Users/Current';

  it('reads and updates base info, refusing a bad mobile or e-mail and changing nothing', async () => {
    const info = await suite.call(suite.staff, 'GET', `${BASE}/BaseInfo`);
    expect(info.data).toMatchObject({ account: 'staff', realName: '王小明', roleName: expect.any(String), theme: 'classic' });
    expect(await suite.call(suite.staff, 'PUT', `${BASE}/BaseInfo`, { realName: '王小明', mobilePhone: '12345' })).toMatchObject({ code: 400 });
    expect(await suite.call(suite.staff, 'PUT', `${BASE}/BaseInfo`, { realName: '王小明', email: 'not-mail' })).toMatchObject({ code: 400 });
    expect(await suite.call(suite.staff, 'PUT', `${BASE}/BaseInfo`, { realName: 'x'.repeat(51) })).toMatchObject({ code: 400 });
    expect((await suite.call(suite.staff, 'GET', `${BASE}/BaseInfo`)).data).toEqual(info.data);
    expect(await suite.call(suite.staff, 'PUT', `${BASE}/BaseInfo`, { realName: '王小明', gender: 2, mobilePhone: '13800000001', email: 'wxm@example.com', signature: '认真做实验' })).toMatchObject({ code: 200 });
    expect((await suite.call(suite.staff, 'GET', `${BASE}/BaseInfo`)).data).toMatchObject({ gender: 2, email: 'wxm@example.com', signature: '认真做实验' });
    // A call with the name alone leaves the rest as it was.
    expect(await suite.call(suite.staff, 'PUT', `${BASE}/BaseInfo`, { realName: '王小明' })).toMatchObject({ code: 200 });
    expect((await suite.call(suite.staff, 'GET', `${BASE}/BaseInfo`)).data).toMatchObject({ gender: 2, email: 'wxm@example.com', signature: '认真做实验' });
  });

  it('saves the layout, which the next sign-in answers', async () => {
    expect(await suite.call(suite.staff, 'PUT', `${BASE}/SystemTheme`, { theme: 'sideways' })).toMatchObject({ code: 400 });
    expect(await suite.call(suite.staff, 'PUT', `${BASE}/SystemTheme`, { theme: 'blend' })).toMatchObject({ code: 200 });
    expect((await signIn(suite.app, 'staff', TEST_PASSWORDS.demoUser)).data?.theme).toBe('blend');
  });

  it('lists the user’s own system log, newest first, paged', async () => {
    const log = await suite.call(suite.staff, 'GET', `${BASE}/SystemLog?currentPage=1&pageSize=2`);
    expect(log.data.pagination.total).toBeGreaterThanOrEqual(2);
    expect(log.data.list).toHaveLength(2);
    expect(log.data.list[0]).toMatchObject({ category: 1, description: expect.stringContaining('signed in') });
    const adminLog = await suite.call(suite.admin, 'GET', `${BASE}/SystemLog`);
    expect(adminLog.data.list.every((entry: { description: string }) => entry.description)).toBe(true);
  });

  it('uploads an avatar that only its own user can choose, and refuses a file that is not an image', async () => {
    const fake = await suite.app.inject({ method: 'POST', url: '/api/file/Uploader/userAvatar', ...multipart('a.png', 'image/png', Buffer.from('<svg onload=alert(1)>')), headers: { ...multipart('a.png', 'image/png', Buffer.from('x')).headers, authorization: suite.staff } });
    expect(fake.json()).toMatchObject({ code: 400, msg: '请上传 PNG、JPG、GIF 或 WEBP 图片' });
    const upload = multipart('me.png', 'image/png', PNG);
    const uploaded = (await suite.app.inject({ method: 'POST', url: '/api/file/Uploader/userAvatar', payload: upload.payload, headers: { ...upload.headers, authorization: suite.staff } })).json();
    expect(uploaded.data.name).toMatch(/^[a-f0-9]{32}\.png$/);
    expect((await suite.call(suite.admin, 'PUT', `${BASE}/Avatar/${uploaded.data.name}`)).code).toBe(400);
    expect((await suite.call(suite.staff, 'PUT', `${BASE}/Avatar/${uploaded.data.name}`)).code).toBe(200);
    expect((await suite.call(suite.staff, 'GET', `${BASE}/BaseInfo`)).data.headIcon).toBe(uploaded.data.url);
    const image = await suite.app.inject({ method: 'GET', url: uploaded.data.url });
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.from(image.rawPayload).equals(PNG)).toBe(true);
    expect((await suite.app.inject({ method: 'GET', url: '/api/file/Image/userAvatar/default.png' })).headers['content-type']).toContain('image/svg+xml');
  });

  it('keeps signature images: the first is the default, another can become it, and a deleted one goes', async () => {
    const dataUrl = `data:image/png;base64,${PNG.toString('base64')}`;
    expect(await suite.call(suite.staff, 'POST', `${BASE}/SignImg`, { signImg: 'data:image/png;base64,PHN2Zz4=' })).toMatchObject({ code: 400 });
    expect((await suite.call(suite.staff, 'POST', `${BASE}/SignImg`, { signImg: dataUrl })).code).toBe(200);
    expect((await suite.call(suite.staff, 'POST', `${BASE}/SignImg`, { signImg: dataUrl })).code).toBe(200);
    let list = (await suite.call(suite.staff, 'GET', `${BASE}/SignImg`)).data;
    expect(list.map((s: { isDefault: number }) => s.isDefault)).toEqual([1, 0]);
    expect((await suite.call(suite.admin, 'PUT', `${BASE}/${list[1].id}/SignImg`)).code).toBe(400);
    expect((await suite.call(suite.staff, 'PUT', `${BASE}/${list[1].id}/SignImg`)).code).toBe(200);
    list = (await suite.call(suite.staff, 'GET', `${BASE}/SignImg`)).data;
    expect(list.map((s: { isDefault: number }) => s.isDefault)).toEqual([0, 1]);
    expect((await suite.call(suite.staff, 'DELETE', `${BASE}/${list[0].id}/SignImg`)).code).toBe(200);
    expect((await suite.call(suite.staff, 'GET', `${BASE}/SignImg`)).data).toHaveLength(1);
    expect((await suite.call(suite.admin, 'GET', `${BASE}/SignImg`)).data).toHaveLength(0);
  });

  it('answers the authorisation tree, organisations and positions of the user', async () => {
    const authorize = (await suite.call(suite.staff, 'GET', `${BASE}/Authorize`)).data;
    expect(authorize.module.length).toBeGreaterThan(0);
    const organizes = (await suite.call(suite.staff, 'GET', `${BASE}/getUserOrganizes`)).data;
    expect(organizes).toEqual([expect.objectContaining({ isDefault: true })]);
    expect((await suite.call(suite.staff, 'PUT', `${BASE}/major`, { majorId: organizes[0].id, majorType: 'Organize' })).code).toBe(200);
    expect((await suite.call(suite.staff, 'PUT', `${BASE}/major`, { majorId: 'someone-else', majorType: 'Organize' })).code).toBe(400);
    expect((await suite.call(suite.staff, 'GET', `${BASE}/getUserPositions`)).data).toHaveLength(1);
  });

  it('answers subordinates one level at a time, only within one’s own line', async () => {
    const head = await suite.tokenOf('zhangwei');
    const direct = (await suite.call(head, 'GET', `${BASE}/Subordinate/0`)).data;
    expect(direct.map((u: { account: string }) => u.account).sort()).toEqual(['liuyang', 'mayue']);
    const liuyang = direct.find((u: { account: string }) => u.account === 'liuyang');
    expect(liuyang).toMatchObject({ isLeaf: false, type: 'user', fullName: '刘洋/liuyang' });
    const team = (await suite.call(head, 'GET', `${BASE}/Subordinate/${liuyang.id}`)).data;
    expect(team.map((u: { account: string }) => u.account)).toContain('staff');
    expect(team.every((u: { isLeaf: boolean }) => u.isLeaf)).toBe(true);
    // staff has no reports, and may not look into someone else's line.
    expect((await suite.call(suite.staff, 'GET', `${BASE}/Subordinate/0`)).data).toEqual([]);
    expect((await suite.call(suite.staff, 'GET', `${BASE}/Subordinate/${liuyang.id}`)).code).toBe(403);
  });

  it('changes the password under the policy, with the spec messages, and signs in with the new one', async () => {
    const token = await suite.tokenOf('pengfei');
    // The newcomer must change the initial password (setting 1, never changed).
    expect((await suite.call(token, 'POST', '/api/oauth/updatePasswordMessage')).data.mustChangePassword).toBe(true);
    const { publicKey } = (await suite.call(token, 'GET', `${BASE}/PasswordKey`)).data;
    let captcha = 0;
    const change = async (oldPassword: string, password: string, options: { seal?: string | null; code?: string } = {}) => {
      const id = `pw${Date.now()}${(captcha += 1)}`;
      await issueCaptcha(suite.database.db, id);
      const { answer } = await suite.database.db.selectFrom('auth_captcha').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
      return suite.call(token, 'POST', `${BASE}/Actions/ModifyPassword`, {
        oldPassword: oldPassword && hashPasswordForTransport(oldPassword),
        password: password && hashPasswordForTransport(password),
        passwordCipher: options.seal === null ? undefined : await sealPassword(publicKey, options.seal ?? password),
        code: options.code ?? answer,
        timestamp: id,
      });
    };
    expect(await change('', 'Lab2026pass')).toMatchObject({ code: 400, msg: '旧密码不能为空' });
    expect(await change(TEST_PASSWORDS.demoUser, '')).toMatchObject({ code: 400, msg: '新密码不能为空' });
    expect(await change(TEST_PASSWORDS.demoUser, 'Lab2026pass', { code: '' })).toMatchObject({ code: 400, msg: '验证码不能为空' });
    expect(await change(TEST_PASSWORDS.demoUser, 'abc')).toMatchObject({ code: 400, msg: '新密码长度不能小于6位' });
    expect(await change(TEST_PASSWORDS.demoUser, 'abcdefgh')).toMatchObject({ code: 400, msg: '新密码必须包含数字' });
    expect(await change(TEST_PASSWORDS.demoUser, 'Lab2026pass', { seal: null })).toMatchObject({ code: 400 });
    expect(await change(TEST_PASSWORDS.demoUser, 'Lab2026pass', { seal: 'weak' })).toMatchObject({ code: 400, msg: '密码摘要与加密内容不一致' });
    expect(await change('wrong-old-1', 'Lab2026pass')).toMatchObject({ code: 400, msg: '旧密码错误' });
    const elsewhere = (await signIn(suite.app, 'pengfei', TEST_PASSWORDS.demoUser)).data!.token;
    // Both sessions have the message socket open: the change closes the other one's at once (decision 167).
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const address = suite.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const [otherSocket, ownSocket] = [await openChatSocket(`ws://127.0.0.1:${address.port}`, elsewhere), await openChatSocket(`ws://127.0.0.1:${address.port}`, token)];
    // Until the change, the API answers the newcomer only what the change needs (session info, policy, key, the
    // change itself, sign-out): everything else, chat included, answers 605 and does nothing.
    const refused = { code: 605, msg: 'Change your initial password first' };
    const en = (method: 'GET' | 'POST', url: string, payload?: object) =>
      suite.app.inject({ method, url, headers: { authorization: token, 'accept-language': 'en' }, ...(payload ? { payload } : {}) }).then((r) => r.json());
    expect(await en('GET', '/api/message?currentPage=1&pageSize=20')).toMatchObject(refused);
    expect(await en('POST', '/api/mall/itemListByCas', { currentPage: 1, pageSize: 20 })).toMatchObject(refused);
    expect(await en('GET', `${BASE}/BaseInfo`)).toMatchObject(refused);
    expect(await en('GET', '/api/no/such/path')).toMatchObject(refused);
    const chatRows = async () => Number((await suite.database.db.selectFrom('base_im_content').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const chatBefore = await chatRows();
    const staffId = (await suite.database.db.selectFrom('base_user').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow()).id;
    ownSocket.send({ method: 'SendMessage', toUserId: staffId, messageType: 'text', messageContent: 'hi' });
    expect(await ownSocket.next('error')).toMatchObject({ request: 'SendMessage', code: 605 });
    expect(await chatRows()).toBe(chatBefore);
    expect((await en('GET', '/api/oauth/CurrentUser')).code).toBe(200);
    const otherClosed = new Promise<number>((resolve) => otherSocket.socket.once('close', (code) => resolve(code)));

    expect(await change(TEST_PASSWORDS.demoUser, 'Lab2026pass')).toMatchObject({ code: 200 });
    expect(await otherSocket.next('logout')).toMatchObject({ method: 'logout' });
    expect(await otherClosed).toBe(4601);
    expect(ownSocket.socket.readyState).toBe(ownSocket.socket.OPEN);
    expect(ownSocket.pending('logout')).toEqual([]);
    await ownSocket.close();
    expect((await suite.call(token, 'POST', '/api/oauth/updatePasswordMessage')).data.mustChangePassword).toBe(false);
    // The change ends the other sessions of the user (601), not the one that made it.
    expect((await suite.call(elsewhere, 'GET', '/api/oauth/CurrentUser')).code).toBe(601);
    expect((await suite.call(token, 'GET', '/api/oauth/CurrentUser')).code).toBe(200);
    // Changed: the rest of the API answers again.
    expect((await en('GET', '/api/message?currentPage=1&pageSize=20')).code).toBe(200);
    expect((await en('GET', `${BASE}/BaseInfo`)).code).toBe(200);
    expect((await signIn(suite.app, 'pengfei', TEST_PASSWORDS.demoUser)).code).toBe(400);
    expect((await signIn(suite.app, 'pengfei', 'Lab2026pass')).code).toBe(200);
    const log = (await suite.call(token, 'GET', `${BASE}/SystemLog`)).data.list;
    expect(log.map((entry: { category: number }) => entry.category)).toContain(6);
  });
});
