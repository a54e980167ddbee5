import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopePlugin } from '../../src/server/plugins/envelope.js';
import { screenRoutes } from '../../src/server/modules/screens/routes.js';
import { TEST_PASSWORDS, testApp, testDatabases } from './testDatabases.js';
import { tokenFor } from './signIn.js';

/** Screens are served from schemas/screens when opened: a new one is a file there and a menu entry. */
describe('screen documents over HTTP', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-screens-'));
  const app = Fastify();
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'demo'));
    fs.writeFileSync(path.join(dir, 'demo/reagents.json'), JSON.stringify({ screen: 'demo/reagents', title: '试剂', columnData: { type: 1, columnList: [{ prop: 'name', label: '名称' }] }, api: { list: { url: '/demo/list' } } }));
    fs.writeFileSync(path.join(dir, 'demo/broken.json'), '{ not json');
    fs.writeFileSync(path.join(os.tmpdir(), 'secret.json'), '{"secret": true}');
    await app.register(envelopePlugin, { bodyLimit: 1024 });
    await screenRoutes(app, { screensDir: dir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a new screen file as soon as it is there', async () => {
    const answer = (await app.inject({ method: 'GET', url: '/api/screens/demo/reagents' })).json();
    expect(answer).toMatchObject({ code: 200, data: { screen: 'demo/reagents', title: '试剂' } });
  });

  it('answers a missing, broken or escaping name with an envelope, never a file outside the folder', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/screens/demo/none' })).json()).toMatchObject({ code: 404, msg: '页面不存在：demo/none' });
    expect((await app.inject({ method: 'GET', url: '/api/screens/demo/broken' })).json()).toMatchObject({ code: 500, msg: '页面定义不是有效的 JSON：demo/broken' });
    for (const name of ['../secret', '..%2Fsecret', 'demo/../../secret', '%2e%2e/secret', 'demo\\..\\secret']) {
      const response = await app.inject({ method: 'GET', url: `/api/screens/${name}` });
      // Either the route refuses the name (envelope 404) or the URL normalises out of /api/screens (HTTP 404).
      expect(response.json().code ?? response.statusCode, name).toBe(404);
      expect(response.body).not.toContain('secret":true');
    }
  });
});

describe.each(testDatabases())('the shipped screens on $name', (testDb) => {
  let drop: () => Promise<void>;
  let app: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    const opened = await testDb.open();
    drop = opened.drop;
    app = await testApp(opened.database);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('serves every screen to a signed-in user and refuses anonymous callers', async () => {
    const token = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    for (const name of ['systemData/dictionary', 'systemData/dictionaryType', 'system/billRule', 'systemData/area']) {
      expect((await app.inject({ method: 'GET', url: `/api/screens/${name}`, headers: { authorization: token } })).json()).toMatchObject({ code: 200, data: { screen: name } });
    }
    expect((await app.inject({ method: 'GET', url: '/api/screens/system/billRule' })).json().code).toBe(600);
  });
});
