import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../../src/kernel/server/db/database.js';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { TEST_PASSWORDS, testApp, testDatabases } from '../../support/api/testDatabases.js';
import { tokenFor } from '../../support/api/signIn.js';

/** Every failure answers a translated envelope, never an HTML page or a stack, and changes nothing. */
describe.each(testDatabases())('bad requests on $name', (testDb) => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    ({ database, drop } = await testDb.open());
    app = await testApp(database, { bodyLimit: 2048 });
    token = await tokenFor(app, 'admin', TEST_PASSWORDS.admin);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  /** A fingerprint of every table a sign-in could write. */
  const snapshot = async () => {
    const counts: Record<string, number> = {};
    for (const table of ['auth_session', 'auth_login_attempt', 'base_sys_log', 'base_user'] as const) {
      counts[table] = Number((await database.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    }
    return counts;
  };

  const expectEnvelope = (body: string, code: number, msg: RegExp | string) => {
    const parsed = JSON.parse(body);
    expect(parsed.code).toBe(code);
    if (typeof msg === 'string') expect(parsed.msg).toBe(msg);
    else expect(parsed.msg).toMatch(msg);
    expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/);
    expect(body).not.toMatch(/<html/i);
  };

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const before = await snapshot();
    const response = await app.inject({ method: 'POST', url: '/api/oauth/Login', headers: { 'content-type': 'application/json' }, payload: '{"account": "admin", ' });
    expect(response.statusCode).toBe(200);
    expectEnvelope(response.body, 400, '请求内容不是有效的 JSON');
    expect(await snapshot()).toEqual(before);
  });

  it('answers a body over the limit with 413 in the caller language', async () => {
    const before = await snapshot();
    const response = await app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: `account=admin&password=${'a'.repeat(4096)}`,
    });
    expectEnvelope(response.body, 413, 'The request body is too large; the limit is 2KB');
    expect(await snapshot()).toEqual(before);
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/oauth/Login', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expectEnvelope(response.body, 415, '不支持的请求格式：text/xml');
  });

  it('names the missing or over-long field, by sign-in mode', async () => {
    const before = await snapshot();
    const form = (payload: string, language = 'zh-CN') =>
      app.inject({ method: 'POST', url: '/api/oauth/Login', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language }, payload });
    // Which fields are required depends on the mode (password, sms, scan, sso), so the service names them.
    expectEnvelope((await form('account=admin')).body, 400, '请输入密码');
    expectEnvelope((await form('origin=sms&account=13800000000')).body, 400, '请输入短信验证码');
    expectEnvelope((await form('origin=scan')).body, 400, '二维码已失效，请刷新后重新扫描');
    expectEnvelope((await form(`account=${'x'.repeat(101)}&password=${hashPasswordForTransport('a')}`)).body, 400, '参数 account 不正确：长度不能超过 100 个字符');
    expectEnvelope((await form('password=abc', 'zh-TW')).body, 400, '請輸入帳號');
    expectEnvelope((await form(`account=admin&password=${hashPasswordForTransport('a')}&grant_type=magic`)).body, 400, '不支持的登录方式：magic');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an array or an object where a body field is a scalar, instead of taking its first element', async () => {
    const items = await app.inject({ method: 'POST', url: '/api/mall/itemListByCas', headers: { authorization: token }, payload: { currentPage: 1, pageSize: 1 } });
    const itemId = items.json().data.list[0].id as string;
    const cartRows = async () => Number((await database.db.selectFrom('biz_cart_item').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const before = await cartRows();
    for (const quantity of [[1], { value: 1 }, [[1]]]) {
      const response = await app.inject({ method: 'POST', url: '/api/mall/putCart', headers: { authorization: token, 'accept-language': 'en' }, payload: { itemId, quantity } });
      expectEnvelope(response.body, 400, /^Parameter quantity is invalid/);
    }
    const wrapped = await app.inject({ method: 'POST', url: '/api/mall/putCart', headers: { authorization: token, 'accept-language': 'en' }, payload: { itemId: [itemId], quantity: 1 } });
    expectEnvelope(wrapped.body, 400, /^Parameter itemId is invalid/);
    expect(await cartRows()).toBe(before);
    // Numbers in text still count as numbers (JNPF clients send form fields as text).
    const text = await app.inject({ method: 'POST', url: '/api/mall/putCart', headers: { authorization: token }, payload: { itemId, quantity: '2' } });
    expect(text.json().code).toBe(200);
  });

  it('answers unknown API paths with a 404 envelope once signed in, 600 before', async () => {
    const signedIn = await app.inject({ method: 'DELETE', url: '/api/nothing/here?n=1', headers: { authorization: token } });
    expectEnvelope(signedIn.body, 404, '请求的接口不存在：DELETE /api/nothing/here');
    const anonymous = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    expectEnvelope(anonymous.body, 600, /请重新登录/);
  });

  it('accepts the timestamp query parameter of both client generations on every call', async () => {
    for (const query of ['n=1763700000', `_t=${Date.now()}`, 'n=1&_t=2']) {
      const response = await app.inject({ method: 'GET', url: `/api/oauth/CurrentUser?${query}`, headers: { authorization: token } });
      expect(response.json().code).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/api/health?${query}` })).json().code).toBe(200);
    }
  });

  it('refuses a captcha id that is not a plain token', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/file/ImageCode/${encodeURIComponent('<script>')}` });
    expectEnvelope(response.body, 400, '验证码标识不正确');
  });

  it('answers a database failure with an envelope and no internals', async () => {
    const other = await testDb.open();
    const broken = await testApp(other.database);
    const brokenToken = await tokenFor(broken, 'admin', TEST_PASSWORDS.admin);
    await other.database.close();
    const call = await broken.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: brokenToken } });
    expect(call.statusCode).toBe(200);
    const body = call.json();
    expect([500, 503]).toContain(body.code);
    expect(body.msg).toMatch(/服务器出错了|数据库暂时不可用/);
    const health = await broken.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().data.status).toBe('unavailable');
    await broken.close();
    await other.drop().catch(() => undefined);
  });
});
