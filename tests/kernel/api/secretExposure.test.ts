import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app/server/labcode.js';
import { defineModule } from '../../../src/kernel/server/module.js';
import { serverModules } from '../../../src/modules/serverModules.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { purchaseForm, purchaseList } from '../../onlineData/api/onlineDataDesign.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * Stored secrets and configuration are readable only by who may edit them (who opens the page that edits them):
 * routes open to every signed-in user (selectors, designers' pickers) answer the others a picker view only. The
 * administrator stores a unique marker in every place that keeps a secret or a configuration; then the staff user
 * calls every GET route the server registers, path parameters filled with the ids of those records, and no answer
 * (body or headers) may carry a marker.
 */
const marker = (what: string) => `sx${what}${randomBytes(8).toString('hex')}`;
const MARKERS = {
  bearer: marker('bearer'),
  apiKey: marker('apikey'),
  queryToken: marker('querytoken'),
  urlPath: marker('urlpath'),
  parameterDefault: marker('paramdefault'),
  sql: marker('sql'),
  staticData: marker('static'),
  printLayout: marker('print'),
  dingAppKey: marker('dingkey'),
  dingSecret: marker('dingsecret'),
  weComCorpId: marker('corpid'),
  weComAgentSecret: marker('agentsecret'),
  weComCorpSecret: marker('corpsecret'),
  templateContent: marker('webhook'),
  templateCode: marker('tplcode'),
};
/** Never answered to anyone, the administrator included: only whether one is stored. */
const NEVER_ANSWERED = [MARKERS.dingSecret, MARKERS.weComAgentSecret, MARKERS.weComCorpSecret];

interface Route {
  method: string;
  url: string;
}

/** The values a path parameter is tried with; `type` also gets the kinds the file and message routes know. */
const TYPE_VALUES = ['export', 'annex', 'userAvatar', '1', '2', '3'];
const SCREEN_VALUES = ['systemData/dataInterface', 'system/sysConfig', 'onlineDev/printDev', 'msgCenter/msgTemplate'];

/** Every address of a route: each parameter filled with each candidate (a `type` with each type as well). */
function addressesOf(url: string, ids: string[]): string[] {
  const names = [...url.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]);
  if (!names.length && !url.includes('*')) return [url, `${url}?currentPage=1&pageSize=1000`];
  const addresses = new Set<string>();
  const fill = (value: string, type: string) => url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(name === 'type' ? type : value));
  for (const value of ids) {
    for (const type of names.includes('type') ? TYPE_VALUES : ['']) {
      const filled = fill(value, type);
      if (filled.includes('*')) for (const screen of [...SCREEN_VALUES, value]) addresses.add(filled.replace('*', screen));
      else addresses.add(filled);
    }
  }
  return [...addresses];
}

describe.each(testDatabases())('stored secrets on open routes on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const routes: Route[] = [];
  const ids: Record<string, string> = {};

  const created = async (url: string, body: unknown) => {
    const answer = await call(suite.admin, 'POST', url, body);
    expect(answer.code, `${url}: ${answer.msg}`).toBe(200);
    return answer.data.id as string;
  };

  beforeAll(async () => {
    // The routes as the modules register them, from an app of their own on the same database.
    const collector = defineModule({
      name: 'routeCollector',
      routes: (app) => {
        app.addHook('onRoute', (route) => {
          for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url });
        });
      },
    });
    const listing = await buildApp({ config: { bodyLimit: 1024 * 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent' }, database: suite.database, logger: false, modules: [collector, ...serverModules] });
    await listing.close();

    const INTERFACES = '/api/system/DataInterface';
    ids.httpInterface = await created(INTERFACES, {
      fullName: '试剂目录API',
      enCode: 'secretHttp',
      category: 'lab',
      type: 3,
      dataConfigJson: JSON.stringify({
        apiData: {
          method: 'GET',
          url: `https://api.example.com/${MARKERS.urlPath}/rows?api_key=${MARKERS.apiKey}`,
          header: [{ field: 'Authorization', defaultValue: `Bearer ${MARKERS.bearer}` }],
          query: [{ field: 'token', defaultValue: MARKERS.queryToken }],
        },
      }),
      parameterJson: JSON.stringify([{ field: 'region', fieldName: '区域', dataType: 'varchar', defaultValue: MARKERS.parameterDefault }]),
    });
    ids.sqlInterface = await created(INTERFACES, { fullName: '账号SQL', enCode: 'secretSql', category: 'lab', type: 1, sql: `select id, account from base_user where account <> '${MARKERS.sql}'` });
    ids.staticInterface = await created(INTERFACES, { fullName: '静态选项', enCode: 'secretStatic', category: 'lab', type: 2, staticData: JSON.stringify([{ id: '1', fullName: MARKERS.staticData }]) });
    // An export file of the administrator's: the staff user must not read it by its address either.
    const exported = await call(suite.admin, 'GET', `${INTERFACES}/${ids.httpInterface}/Actions/Export`);
    ids.exportFile = String(exported.data.url).split('/').pop()!;

    ids.design = await created('/api/visualdev/Base', { fullName: '采购申请', enCode: 'secretPurchase', category: 'matApply', webType: 2, formData: JSON.stringify(purchaseForm), columnData: JSON.stringify(purchaseList), tables: '[]' });
    const layout = { version: 1, page: { width: 595, height: 842, margin: 36 }, boxes: [{ id: 't1', type: 'text', x: 36, y: 36, width: 300, height: 24, text: MARKERS.printLayout }] };
    ids.printTemplate = await created('/api/system/printDev', { fullName: '采购打印', enCode: 'secretPrint', type: 2, visualDevId: ids.design, printTemplate: JSON.stringify(layout), enabledMark: 1 });

    ids.messageTemplate = await created('/api/message/MessageTemplateConfig', {
      fullName: '到货提醒',
      enCode: 'SecretNotice',
      templateType: '0',
      messageSource: '3',
      messageType: '1',
      title: '到货提醒',
      content: `https://hooks.example.com/${MARKERS.templateContent}`,
      templateCode: MARKERS.templateCode,
    });

    const saved = await call(suite.admin, 'PUT', '/api/system/SysConfig', {
      dingSynAppKey: MARKERS.dingAppKey,
      dingSynAppSecret: MARKERS.dingSecret,
      qyhCorpId: MARKERS.weComCorpId,
      qyhAgentSecret: MARKERS.weComAgentSecret,
      qyhCorpSecret: MARKERS.weComCorpSecret,
    });
    expect(saved.code, saved.msg).toBe(200);
  });

  it('answers the staff user no stored secret or configuration on any GET route', async () => {
    const gets = routes.filter((route) => route.method === 'GET');
    expect(gets.length).toBeGreaterThan(100);
    // Signing out would end the staff session the rest is called with; it answers nothing stored anyway.
    const called = gets.filter((route) => route.url !== '/api/oauth/Logout');
    const candidates = [...Object.values(ids), 'no-such-id'];
    const leaks: string[] = [];
    let answered = 0;
    for (const route of called) {
      for (const url of addressesOf(route.url, candidates)) {
        const response = await suite.app.inject({ method: 'GET', url, headers: { authorization: suite.staff } });
        const text = `${JSON.stringify(response.headers)}\n${response.body}`;
        if (response.statusCode === 200 && response.body.includes('"code":200')) answered += 1;
        for (const [name, value] of Object.entries(MARKERS)) if (text.includes(value)) leaks.push(`${route.url} as ${url}: ${name}`);
      }
    }
    expect(answered).toBeGreaterThan(50);
    expect(leaks).toEqual([]);
  }, 300_000);

  it('still answers the pickers what they need, and the editor the whole configuration', async () => {
    const picker = await call(suite.staff, 'GET', '/api/system/DataInterface/getList?keyword=secret');
    expect(picker.code).toBe(200);
    const row = picker.data.list.find((item: { id: string }) => item.id === ids.httpInterface);
    expect(row).toMatchObject({ id: ids.httpInterface, fullName: '试剂目录API', enCode: 'secretHttp', category: 'lab', type: 3 });
    expect(row).not.toHaveProperty('dataConfigJson');
    const selector = await call(suite.staff, 'GET', '/api/system/DataInterface/Selector');
    expect(selector.data.flatMap((group: { children: { id: string }[] }) => group.children.map((child) => child.id))).toEqual(expect.arrayContaining([ids.httpInterface, ids.sqlInterface]));
    expect((await call(suite.staff, 'GET', `/api/system/DataInterface/${ids.httpInterface}`)).code).toBe(403);

    const own = await call(suite.admin, 'GET', `/api/system/DataInterface/${ids.httpInterface}`);
    expect(own.data.dataConfigJson).toContain(`Bearer ${MARKERS.bearer}`);
    const editorsList = await call(suite.admin, 'GET', '/api/system/DataInterface/getList?keyword=secret');
    expect(JSON.stringify(editorsList.data)).toContain(MARKERS.sql);
    expect((await call(suite.admin, 'GET', `/api/system/printDev/${ids.printTemplate}`)).data.printTemplate).toContain(MARKERS.printLayout);
    expect((await call(suite.admin, 'GET', `/api/message/MessageTemplateConfig/${ids.messageTemplate}`)).data).toMatchObject({ templateCode: MARKERS.templateCode });

    const config = await call(suite.admin, 'GET', '/api/system/SysConfig');
    expect(config.data).toMatchObject({ dingSynAppKey: MARKERS.dingAppKey, qyhCorpId: MARKERS.weComCorpId, dingSynAppSecretStored: true });
    const everything = JSON.stringify(config.data);
    for (const secret of NEVER_ANSWERED) expect(everything).not.toContain(secret);
  });

  it('tells a user who runs an interface why it failed only when they may edit it', async () => {
    const failing = await created('/api/system/DataInterface', { fullName: '坏SQL', enCode: 'secretBadSql', category: 'lab', type: 1, sql: `select '${MARKERS.sql}'::int as id` });
    const editor = await call(suite.admin, 'POST', `/api/system/DataInterface/${failing}/Actions/Preview`, { paramList: [] });
    expect(editor).toMatchObject({ code: 400, msg: expect.stringContaining(MARKERS.sql) });
    for (const path of ['Actions/Preview', 'Actions/List', 'Actions/GetFields']) {
      const runner = await call(suite.staff, 'POST', `/api/system/DataInterface/${failing}/${path}`, { paramList: [] });
      expect(runner.code).toBe(400);
      expect(JSON.stringify(runner)).not.toContain(MARKERS.sql);
    }
  });
});
