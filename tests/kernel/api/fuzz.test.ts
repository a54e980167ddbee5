import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../../src/app/server/labcode.js';
import { defineModule } from '../../../src/kernel/server/module.js';
import { serverModules } from '../../../src/modules/serverModules.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { TEST_PASSWORDS, testDatabases } from '../../support/api/testDatabases.js';
import { tokenFor } from '../../support/api/signIn.js';

/**
 * Ten thousand generated requests against every route the modules register: hostile paths, parameters, bodies,
 * content types and tokens. Whatever comes in, the answer is an envelope ({code, msg, data}) and never a server
 * fault (500). The seed is fixed so a failure reproduces; FUZZ_SEED explores another part of the space.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** Answers that are files, images or Prometheus's text by design, not envelopes, when they succeed. */
const NON_ENVELOPE = [/^\/api\/file\/ImageCode\//, /^\/api\/oauth\/ImageCode\//, /^\/api\/file\/Download\//, /^\/api\/file\/Image\//, /^\/api\/oauth\/sso\//, /^\/api\/metrics$/];

const hostileText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom(
    "' or 1=1 --",
    "'; drop table base_user; --",
    '../../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '\u0000',
    '%E0%A4%A',
    '<script>alert(1)</script>',
    '${7*7}',
    '{{constructor.constructor("x")()}}',
    '__proto__',
    'constructor',
    '1e300',
    '-1',
    '2147483648',
    '9223372036854775808',
    'NaN',
    'null',
    'true',
    '',
    ' ',
    '0.123',
    'x'.repeat(300),
    '中文名称',
  ),
);

const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileText, fc.constantFrom('fullName', 'enCode', 'parentId', 'id', 'password', 'account', 'sortCode', '__proto__')), tie('value'), { maxKeys: 5 }),
  ),
})).value;

const bodyFields = fc.dictionary(
  fc.constantFrom('fullName', 'enCode', 'parentId', 'dictionaryTypeId', 'isTree', 'sortCode', 'enabledMark', 'description', 'account', 'password', 'grant_type', 'code', 'timestamp', 'idsList', 'moduleId', 'fieldList', 'category', 'prefix', 'dateFormat', 'digit', 'startNumber', 'oldPassword', 'mobile', 'language', 'theme', '__proto__', 'constructor'),
  jsonValue,
  { maxKeys: 8 },
);

interface Route {
  method: string;
  url: string;
}

/** Encoded properly, or raw as a hostile client sends it (only what would end the path or query is escaped). */
const encode = (text: string, raw: boolean) => (raw ? text.replace(/[#?&\s]/g, encodeURIComponent) : encodeURIComponent(text));

function requestFor(routes: Route[]) {
  return fc.record({
    route: fc.constantFrom(...routes),
    method: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS') }),
    params: fc.array(hostileText, { minLength: 3, maxLength: 3 }),
    query: fc.array(fc.tuple(fc.constantFrom('keyword', 'currentPage', 'pageSize', 'sidx', 'sort', 'category', 'isTree', 'redirect', 'enabledMark', 'categoryId', 'n', '_t', 'x'), hostileText), { maxLength: 4 }),
    body: fc.oneof(
      bodyFields.map((value) => ({ type: 'application/json', payload: JSON.stringify(value) })),
      bodyFields.map((value) => ({ type: 'application/x-www-form-urlencoded', payload: new URLSearchParams(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? ''])).toString() })),
      hostileText.map((text) => ({ type: 'application/json', payload: text })),
      hostileText.map((text) => ({ type: 'multipart/form-data; boundary=x', payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="${text}"\r\n\r\n${text}\r\n--x--` })),
      hostileText.map((text) => ({ type: 'text/plain', payload: text })),
      fc.constant(undefined),
    ),
    auth: fc.constantFrom('admin', 'staff', 'none', 'garbage', 'bearer x', 'admin'),
    raw: fc.boolean(),
    // The router decodes the path before matching: the prefix spelled with escapes must meet the same checks.
    prefix: fc.constantFrom('/api', '/api', '/api', '/%61pi', '/ap%69'),
  });
}

describe.each(testDatabases().slice(0, 1))('fuzzing the API on $name', (testDb) => {
  const suite = apiSuite(testDb);

  it(`answers ${REQUESTS} hostile requests with envelopes and no server fault`, async () => {
    const routes: Route[] = [];
    const collector = defineModule({
      name: 'routeCollector',
      routes: (app) => {
        app.addHook('onRoute', (route) => {
          for (const method of [route.method].flat()) if (route.url.startsWith('/api')) routes.push({ method: String(method), url: route.url });
        });
      },
    });
    const app: FastifyInstance = await buildApp({
      config: { bodyLimit: 64 * 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent' },
      database: suite.database,
      logger: false,
      modules: [collector, ...serverModules],
    });
    expect(routes.length).toBeGreaterThan(50);

    const tokens = { admin: '', staff: '' };
    const refreshTokens = async () => {
      tokens.admin = await tokenFor(app, 'admin', TEST_PASSWORDS.admin);
      tokens.staff = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    };
    const failures: string[] = [];
    let sent = 0;
    try {
      await refreshTokens();
      const samples = fc.sample(requestFor(routes), { numRuns: REQUESTS, seed: SEED });
      for (const sample of samples) {
        // A generated Logout or password change may end the sessions: sign in again now and then.
        if (sent % 250 === 0) await refreshTokens();
        let index = 0;
        const path = sample.route.url.replace(/:[A-Za-z]+|\*/g, () => encode(sample.params[index++ % 3] ?? '', sample.raw)).replace(/^\/api/, sample.prefix);
        const query = sample.query.map(([key, value]) => `${key}=${encode(value, sample.raw)}`).join('&');
        const url = query ? `${path}?${query}` : path;
        const headers: Record<string, string> = {};
        if (sample.auth === 'admin' || sample.auth === 'staff') headers.authorization = tokens[sample.auth];
        else if (sample.auth !== 'none') headers.authorization = sample.auth;
        if (sample.body) headers['content-type'] = sample.body.type;
        const method = (sample.method ?? sample.route.method) as InjectOptions['method'];
        const withBody = sample.body && method !== 'GET' && method !== 'HEAD';
        let response;
        try {
          response = await app.inject({ method, url, headers, ...(withBody ? { payload: sample.body!.payload } : {}) });
        } catch (error) {
          // inject refuses some addresses itself (an invalid URL): that request never reached the server.
          if (error instanceof TypeError) continue;
          throw error;
        }
        sent += 1;
        const where = `${method} ${url.slice(0, 200)} [${sample.auth}]`;
        if (method === 'HEAD') {
          if (response.statusCode >= 500) failures.push(`${where}: HTTP ${response.statusCode}`);
          continue;
        }
        const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
        if (!isJson) {
          if (!NON_ENVELOPE.some((pattern) => pattern.test(sample.route.url)) || response.statusCode >= 500) failures.push(`${where}: not an envelope (${response.statusCode} ${response.headers['content-type']})`);
          continue;
        }
        let body: { code?: unknown; msg?: unknown; data?: unknown };
        try {
          body = response.json();
        } catch {
          failures.push(`${where}: unparsable JSON`);
          continue;
        }
        if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body)) failures.push(`${where}: not an envelope ${response.body.slice(0, 200)}`);
        else if (body.code === 500 || response.statusCode >= 500) failures.push(`${where}: server fault ${response.body.slice(0, 200)}`);
        else if (/\bat .+\.(ts|js):\d+/.test(response.body)) failures.push(`${where}: a stack trace leaked`);
      }
    } finally {
      await app.close();
    }
    expect(sent).toBeGreaterThanOrEqual(REQUESTS * 0.95);
    expect(failures.slice(0, 20)).toEqual([]);
  }, 600_000);
});
