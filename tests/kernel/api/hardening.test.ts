import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../src/app/server/labcode.js';
import { addressKey } from '../../../src/modules/oauth/server/addressLimits.js';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * Hostile input (issue 10, items 1-3 and 6-11): each answers a translated 4xx envelope, changes nothing, and an
 * anonymous caller hears "sign in" (600) before anything else.
 */
describe.each(testDatabases())('hardening on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const inject = (options: InjectOptions) => suite.app.inject(options);
  const envelope = (body: string) => {
    const parsed = JSON.parse(body);
    expect(Object.keys(parsed).sort()).toEqual(['code', 'data', 'msg']);
    expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/);
    return parsed as { code: number; msg: string; data: unknown };
  };
  const count = async (table: 'auth_session' | 'base_dictionary_type' | 'base_bill_rule') =>
    Number((await suite.database.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  it('refuses a NUL byte in any text, signed in or not, and writes nothing', async () => {
    const sessions = await count('auth_session');
    const login = await inject({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `account=ad%00min&password=${hashPasswordForTransport('x')}&grant_type=password`,
    });
    expect(envelope(login.body)).toMatchObject({ code: 400, msg: '请求中含有不允许的控制字符' });
    const config = await inject({ method: 'GET', url: '/api/oauth/getConfig/a%00b' });
    expect(envelope(config.body).code).toBe(400);
    const json = await inject({ method: 'POST', url: '/api/system/DictionaryType', headers: { authorization: suite.admin, 'content-type': 'application/json' }, payload: JSON.stringify({ parentId: '-1', fullName: 'a\u0000b', enCode: 'nul', isTree: 0 }) });
    expect(envelope(json.body).code).toBe(400);
    expect(await count('auth_session')).toBe(sessions);
  });

  it('refuses a repeated query parameter instead of failing on it', async () => {
    const sso = await inject({ method: 'GET', url: '/api/oauth/sso/authorize?redirect=a&redirect=b' });
    expect(envelope(sso.body)).toMatchObject({ code: 400 });
    const list = await inject({ method: 'GET', url: '/api/system/BillRule?keyword=a&keyword=b', headers: { authorization: suite.admin } });
    expect(envelope(list.body).code).toBe(400);
  });

  it('bounds every number: huge pages and categories are bad input, not database errors', async () => {
    for (const url of ['/api/system/BillRule?currentPage=1e300', '/api/system/BillRule?pageSize=2147483648', '/api/permission/Users/Current/SystemLog?category=2147483648', '/api/permission/Users/Current/SystemLog?currentPage=99999999999']) {
      const answer = envelope((await inject({ method: 'GET', url, headers: { authorization: suite.admin } })).body);
      expect(answer.code, url).toBe(400);
    }
  });

  it('caps the inner id lists of GetAreaByIds', async () => {
    const inner = Array.from({ length: 70_000 }, (_, i) => String(110000 + i));
    const answer = await inject({ method: 'POST', url: '/api/system/Area/GetAreaByIds', headers: { authorization: suite.admin, 'content-type': 'application/json' }, payload: JSON.stringify({ idsList: [inner] }) });
    expect(envelope(answer.body).code).toBe(400);
  });

  it('answers more than 20 multipart fields with a 400 envelope', async () => {
    const boundary = '----labcode';
    const fields = Array.from({ length: 25 }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`).join('');
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.json"\r\nContent-Type: application/json\r\n\r\n{}\r\n--${boundary}--\r\n`;
    const before = await count('base_dictionary_type');
    const answer = await inject({ method: 'POST', url: '/api/system/DictionaryData/Action/Import', headers: { authorization: suite.admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: fields + file });
    expect(envelope(answer.body).code).toBe(400);
    expect(await count('base_dictionary_type')).toBe(before);
  });

  it('answers a long path parameter with 600 to an anonymous caller and 400 to a signed-in one', async () => {
    const long = 'x'.repeat(150);
    expect(envelope((await inject({ method: 'GET', url: `/api/system/DictionaryType/${long}` })).body).code).toBe(600);
    expect(envelope((await inject({ method: 'GET', url: `/api/system/DictionaryType/${long}`, headers: { authorization: suite.admin } })).body).code).toBe(400);
  });

  it('answers bad percent-encoding with an envelope: 600 first for anonymous callers', async () => {
    expect(envelope((await inject({ method: 'GET', url: '/api/system/DictionaryType/%E0%A4%A' })).body).code).toBe(600);
    const signedIn = envelope((await inject({ method: 'GET', url: '/api/system/DictionaryType/%E0%A4%A', headers: { authorization: suite.admin } })).body);
    expect(signedIn).toMatchObject({ code: 400, msg: '请求地址格式错误' });
  });

  it('never runs a GET handler for HEAD: the session survives, no number is used up', async () => {
    const token = await suite.tokenOf('staff');
    const head = await inject({ method: 'HEAD', url: '/api/oauth/Logout', headers: { authorization: token } });
    expect(head.body).toBe('');
    expect(envelope((await inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: { authorization: token } })).body).code).toBe(200);
    const rule = await suite.database.db.selectFrom('base_bill_rule').select(['en_code', 'current_number']).where('enabled_mark', '=', 1).executeTakeFirstOrThrow();
    await inject({ method: 'HEAD', url: `/api/system/BillRule/BillNumber/${rule.en_code}`, headers: { authorization: token } });
    const after = await suite.database.db.selectFrom('base_bill_rule').select('current_number').where('en_code', '=', rule.en_code).executeTakeFirstOrThrow();
    expect(after.current_number).toBe(rule.current_number);
  });

  it('asks for a session however the /api prefix is spelled: the router decodes, so the check must too', async () => {
    const rule = await suite.database.db.selectFrom('base_bill_rule').select(['en_code', 'current_number']).where('enabled_mark', '=', 1).executeTakeFirstOrThrow();
    for (const prefix of ['/%61pi', '/ap%69', '/%61%70%69']) {
      for (const path of ['/system/BillRule', '/system/DictionaryData/All', '/oauth/CurrentUser', `/system/BillRule/BillNumber/${rule.en_code}`, '/screens/system/area']) {
        const answer = await inject({ method: 'GET', url: `${prefix}${path}` });
        expect(envelope(answer.body).code, `${prefix}${path}`).toBe(600);
        expect(answer.headers['cache-control']).toBe('no-store');
      }
    }
    const after = await suite.database.db.selectFrom('base_bill_rule').select('current_number').where('en_code', '=', rule.en_code).executeTakeFirstOrThrow();
    expect(after.current_number).toBe(rule.current_number);
  });

  it('marks API answers no-store, signed in or refused', async () => {
    const signedIn = await inject({ method: 'GET', url: '/api/system/DictionaryType', headers: { authorization: suite.admin } });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const refused = await inject({ method: 'GET', url: '/api/system/DictionaryType' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('limits captchas and scan tickets per address, counting in the database', async () => {
    const from = (ip: string) => ({ remoteAddress: ip });
    const captcha = (ip: string, i: number) => inject({ method: 'GET', url: `/api/file/ImageCode/limit${i}`, ...from(ip) });
    for (let i = 0; i < 30; i += 1) expect((await captcha('10.0.0.7', i)).headers['content-type']).toMatch(/svg/);
    const refused = await captcha('10.0.0.7', 31);
    expect(envelope(refused.body)).toMatchObject({ code: 429, msg: '请求过于频繁，请 60 秒后再试' });
    // Another address is not held back by the first.
    expect((await captcha('10.0.0.8', 1)).headers['content-type']).toMatch(/svg/);

    // Concurrent requests are counted exactly, not a few over the limit.
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => captcha('10.0.1.1', 100 + i)));
    expect(burst.filter((answer) => String(answer.headers['content-type']).includes('svg'))).toHaveLength(30);
    // One IPv6 /64 is one address: hopping within it does not reset the count.
    for (let i = 0; i < 30; i += 1) await captcha(`2001:db8:1:2::${(i + 1).toString(16)}`, 200 + i);
    expect(envelope((await captcha('2001:db8:1:2:ffff::1', 300)).body).code).toBe(429);
    expect(addressKey('2001:0db8:0001:0002:0000:0000:0000:0009')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');

    const ticket = () => inject({ method: 'POST', url: '/api/oauth/ScanTicket', ...from('10.0.0.9') });
    for (let i = 0; i < 10; i += 1) expect(envelope((await ticket()).body).code).toBe(200);
    expect(envelope((await ticket()).body).code).toBe(429);
  });

  it('logs session refusals at info, without a stack', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: { bodyLimit: 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'info' },
      database: suite.database,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      for (const authorization of [undefined, 'bearer not-a-token', 'bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
        await app.inject({ method: 'GET', url: '/api/oauth/CurrentUser', headers: authorization ? { authorization } : {} });
      }
      // Tokens in addresses (JNPF's websocket path, the workflow page's ?token=) never reach the log.
      await app.inject({ method: 'GET', url: '/api/message/websocket/SECRETPATHTOKEN' });
      await app.inject({ method: 'GET', url: '/workFlowDetail?token=SECRETQUERYTOKEN&id=1' });
    } finally {
      await app.close();
    }
    expect(lines.join('\n')).not.toMatch(/SECRETPATHTOKEN|SECRETQUERYTOKEN/);
    expect(lines.join('\n')).toContain('/api/message/websocket/***');
    const refusals = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => (entry.msg === 'request refused' || entry.msg === 'request failed') && entry.code !== 404);
    expect(refusals.length).toBe(3);
    for (const entry of refusals) {
      expect(entry.level).toBe(30);
      expect(JSON.stringify(entry)).not.toContain('stack');
      expect([600, 601, 602]).toContain(entry.code);
    }
  });

  it('answers oversized headers and raw traversal with envelopes over a real socket', async () => {
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = suite.app.server.address() as net.AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString('utf8')));
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
      });
    const oversize = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(oversize).toMatch(/^HTTP\/1\.1 431/);
    expect(envelope(oversize.slice(oversize.indexOf('\r\n\r\n') + 4)).code).toBe(431);
    const traversal = await raw('GET /assets/../../../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(traversal).not.toMatch(/^HTTP\/1\.1 500/);
    expect(traversal).not.toContain('root:');
  });
});
