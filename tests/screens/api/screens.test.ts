import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopePlugin } from '../../../src/kernel/server/plugins/envelope.js';
import { sessionPlugin } from '../../../src/kernel/server/plugins/session.js';
import { authenticate } from '../../../src/modules/oauth/server/sessionStore.js';
import type { ModuleContext } from '../../../src/kernel/server/module.js';
import screensModule from '../../../src/modules/screens/server/index.js';
import { fileScreenSource, shippedScreenFolders } from '../../../src/modules/screens/server/fileScreenSource.js';
import { screenRoutes } from '../../../src/modules/screens/server/routes.js';
import { menuScreens, screensNamedBy } from '../../../src/modules/screens/server/screenAccess.js';
import type { MenuItem } from '../../../src/shared/sessionInfo.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/** Screens are served from a ScreenSource when opened: a new one is a document there and a menu entry. */
describe('the file screen source over HTTP', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-screens-'));
  const app = Fastify();
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'demo'));
    fs.writeFileSync(path.join(dir, 'demo/reagents.json'), JSON.stringify({ screen: 'demo/reagents', title: '试剂', columnData: { type: 1, columnList: [{ prop: 'name', label: '名称' }] }, api: { list: { url: '/demo/list' } } }));
    fs.writeFileSync(path.join(dir, 'demo/broken.json'), '{ not json');
    fs.writeFileSync(path.join(os.tmpdir(), 'secret.json'), '{"secret": true}');
    await app.register(envelopePlugin, { bodyLimit: 1024 });
    // The administrator reaches every screen without the menu, so no database is asked here.
    app.addHook('onRequest', async (request) => {
      request.session = { tokenHash: '', userId: 'admin', account: 'admin', isAdministrator: true, locked: false, passwordChangeDue: false };
    });
    await screenRoutes(app, { source: fileScreenSource([dir]), db: undefined as never });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a new screen file as soon as it is there, and lists it', async () => {
    const answer = (await app.inject({ method: 'GET', url: '/api/screens/demo/reagents' })).json();
    expect(answer).toMatchObject({ code: 200, data: { screen: 'demo/reagents', title: '试剂' } });
    expect(await fileScreenSource([dir]).list()).toEqual(['demo/broken', 'demo/reagents']);
  });

  it('reads a screen from the module folder that holds it, and refuses a name two modules define', async () => {
    const twice = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-screens-twice-'));
    try {
      for (const module of ['mall', 'matApply']) {
        fs.mkdirSync(path.join(twice, module, 'bizData'), { recursive: true });
        fs.writeFileSync(path.join(twice, module, 'bizData/items.json'), JSON.stringify({ screen: 'bizData/items', title: module }));
      }
      fs.mkdirSync(path.join(twice, 'mall', 'mall'), { recursive: true });
      fs.writeFileSync(path.join(twice, 'mall', 'mall/orders.json'), JSON.stringify({ screen: 'mall/orders', title: '订单' }));
      const source = fileScreenSource([path.join(twice, 'mall'), path.join(twice, 'matApply')]);
      await expect(source.get('bizData/items')).rejects.toMatchObject({ messageKey: 'screen.twice', params: { name: 'bizData/items', modules: 'mall, matApply' } });
      fs.rmSync(path.join(twice, 'matApply'), { recursive: true });
      expect(await source.get('mall/orders')).toMatchObject({ title: '订单' });
      expect(await source.get('bizData/items')).toMatchObject({ title: 'mall' });
    } finally {
      fs.rmSync(twice, { recursive: true, force: true });
    }
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

describe('which screens a menu reaches', () => {
  const item = (type: number, urlAddress: string | null, path = '/x'): MenuItem => ({ id: urlAddress ?? 'x', parentId: '-1', type, enCode: 'x', fullName: 'x', icon: null, urlAddress, linkTarget: null, propertyJson: null, sortCode: 0, path, vueName: 'x', hidden: false, hasChildren: false, children: [] });

  it('reads a page item as the client does: its address without the query; other types open no screen', () => {
    expect([...menuScreens([item(2, 'systemData/dictionary?x=1'), item(2, '/system/billRule'), item(3, 'model/demoForm'), item(7, 'https://example.org')])]).toEqual(['systemData/dictionary', 'system/billRule']);
  });

  it('finds the screens a document opens, but not its own name', () => {
    const document = { screen: 'a/b', body: { type: 'tabs', items: [{ label: 'x', body: { type: 'screen', screen: 'a/c' } }] }, treeBlock: { name: 'x', props: { screen: 'a/d' } } };
    expect(screensNamedBy(document).sort()).toEqual(['a/c', 'a/d']);
  });
});

/**
 * The menu check against the seeded menus: staff has none of the shipped screens, a lab manager has the dictionary
 * (and category management, which it opens), the administrator has everything. The module's routes run on an app
 * of their own next to the full one, sharing its database, so tokens signed in there are valid here.
 */
describe.each(testDatabases())('screens and the caller\'s menu on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-menu-screens-'));
  let screens: FastifyInstance;
  const get = async (token: string | undefined, name: string) => (await screens.inject({ method: 'GET', url: `/api/screens/${name}`, headers: token ? { authorization: token } : {} })).json();

  beforeAll(async () => {
    // The shipped screens, plus one for a page on staff's menu (workFlow/flowLaunch) that has no shipped screen.
    for (const folder of await shippedScreenFolders()) fs.cpSync(folder, dir, { recursive: true });
    fs.mkdirSync(path.join(dir, 'workFlow'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'workFlow/flowLaunch.json'), JSON.stringify({ screen: 'workFlow/flowLaunch', title: '我发起的', columnData: { type: 1, columnList: [{ prop: 'fullName', label: '标题' }] }, api: { list: { url: '/workflow/launch' } } }));
    screens = Fastify();
    await screens.register(envelopePlugin, { bodyLimit: 1024 });
    await screens.register(sessionPlugin, { authenticate: (authorization) => authenticate(suite.database.db, authorization, 60) });
    await screens.register(async (api) => screenRoutes(api, { db: suite.database.db, source: fileScreenSource([dir]) }));
  });
  afterAll(async () => {
    await screens?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses staff a screen that is not on its menu, and serves one that is', async () => {
    for (const name of ['system/billRule', 'systemData/dictionary', 'systemData/dictionaryType', 'system/area']) {
      const answer = await get(suite.staff, name);
      expect(answer, name).toMatchObject({ code: 403, msg: '权限不足，请联系管理员', data: null });
    }
    expect(await get(suite.staff, 'workFlow/flowLaunch')).toMatchObject({ code: 200, data: { screen: 'workFlow/flowLaunch' } });
  });

  it('tells a non-administrator nothing about names off its menu, and says not found for a menu page without a screen', async () => {
    expect(await get(suite.staff, 'no/such')).toMatchObject({ code: 403, data: null });
    // workFlow/flowEngine (流程设计) is a menu page with no screen document, and only the administrator's: staff are
    // told nothing about it, the administrator that it is not there.
    expect(await get(suite.staff, 'workFlow/flowEngine')).toMatchObject({ code: 403, data: null });
    expect(await get(suite.admin, 'workFlow/flowEngine')).toMatchObject({ code: 404, msg: '页面不存在：workFlow/flowEngine' });
    // A menu page of staff's that has a screen is served.
    expect(await get(suite.staff, 'workFlow/flowDone')).toMatchObject({ code: 200, data: { screen: 'workFlow/flowDone' } });
  });

  it('serves a lab manager the dictionary and the category management it opens, and nothing else', async () => {
    const manager = await suite.tokenOf('zhangwei');
    expect(await get(manager, 'systemData/dictionary')).toMatchObject({ code: 200, data: { screen: 'systemData/dictionary' } });
    expect(await get(manager, 'systemData/dictionaryType')).toMatchObject({ code: 200, data: { screen: 'systemData/dictionaryType' } });
    expect((await get(manager, 'system/billRule')).code).toBe(403);
  });

  it('serves the administrator every screen, says not found for unknown names, and refuses anonymous callers', async () => {
    for (const name of await fileScreenSource([dir]).list()) expect(await get(suite.admin, name), name).toMatchObject({ code: 200, data: { screen: name } });
    expect(await get(suite.admin, 'no/such')).toMatchObject({ code: 404, msg: '页面不存在：no/such' });
    expect((await get(undefined, 'system/billRule')).code).toBe(600);
  });

  it('registers as a server module that checks the menu', async () => {
    const app = Fastify();
    await app.register(envelopePlugin, { bodyLimit: 1024 });
    await app.register(sessionPlugin, { authenticate: (authorization) => authenticate(suite.database.db, authorization, 60) });
    await app.register(async (api) => screensModule.routes!(api, { db: suite.database.db } as ModuleContext));
    expect(screensModule.name).toBe('screens');
    expect((await app.inject({ method: 'GET', url: '/api/screens/system/billRule', headers: { authorization: suite.staff } })).json().code).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/screens/system/billRule', headers: { authorization: suite.admin } })).json().code).toBe(200);
    await app.close();
  });
});
