import { describe, expect, it } from 'vitest';
import { listQuery, pageOf, type ListSpec } from '../../../src/kernel/server/crud/listQuery.js';
import { setDataScopeResolver } from '../../../src/kernel/server/crud/dataScope.js';
import { buildApp, serverModules } from '../../../src/app/server/labcode.js';
import { defineModule } from '../../../src/kernel/server/module.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { grantButton } from '../../support/grants.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/** The shared list, code, toggle and permission helpers every module's lists and writes go through. */
describe.each(testDatabases())('crud helpers and declarative permissions on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const { call } = suite;
  const rule = (enCode: string, extra: Record<string, unknown> = {}) => ({
    fullName: `规则 ${enCode}`,
    enCode,
    category: 'purchase',
    prefix: 'LC',
    dateFormat: 'yyyyMMdd',
    digit: 4,
    startNumber: '1',
    ...extra,
  });

  it('matches keywords literally, sorts by a named field, filters by equality, and clamps pages', async () => {
    await call(suite.admin, 'POST', '/api/system/BillRule', rule('pct_rule', { fullName: '100% 纯度' }));
    await call(suite.admin, 'POST', '/api/system/BillRule', rule('plainrule', { fullName: '100 纯度', enabledMark: 0 }));
    const percent = await call(suite.admin, 'GET', `/api/system/BillRule?keyword=${encodeURIComponent('100%')}`);
    expect(percent.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['pct_rule']);
    const underscore = await call(suite.admin, 'GET', '/api/system/BillRule?keyword=pct_');
    expect(underscore.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['pct_rule']);

    const byCode = await call(suite.admin, 'GET', '/api/system/BillRule?sidx=enCode&sort=desc&pageSize=500');
    const codes = byCode.data.list.map((r: { enCode: string }) => r.enCode);
    expect(codes).toEqual([...codes].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));

    const disabled = await call(suite.admin, 'GET', '/api/system/BillRule?enabledMark=0');
    expect(disabled.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['plainrule']);

    const beyond = await call(suite.admin, 'GET', '/api/system/BillRule?currentPage=999&pageSize=20');
    expect(beyond.code).toBe(200);
    expect(beyond.data.list).toEqual([]);
    expect(beyond.data.pagination).toMatchObject({ currentPage: 999, pageSize: 20 });
    expect(pageOf({ currentPage: 1e300, pageSize: 1e9 })).toEqual({ currentPage: 200_000, pageSize: 10_000 });
  });

  it('sorts by the default order for a field the list does not offer, and refuses numbers beyond range', async () => {
    const byDefault = await call(suite.admin, 'GET', '/api/system/BillRule?pageSize=500');
    for (const sidx of ['password_hash', '__proto__', 'constructor', 'toString']) {
      const answer = await call(suite.admin, 'GET', `/api/system/BillRule?pageSize=500&sidx=${sidx}&sort=desc`);
      expect(answer.code, sidx).toBe(200);
      expect(answer.data.list.map((r: { id: string }) => r.id), sidx).toEqual(byDefault.data.list.map((r: { id: string }) => r.id));
    }
    for (const query of ['currentPage=1e300', 'pageSize=100000', 'currentPage=2147483648']) {
      const answer = await call(suite.admin, 'GET', `/api/system/BillRule?${query}`);
      expect(answer.code, query).toBe(400);
    }
  });

  it('filters by contains and by range through the same spec', async () => {
    const spec: ListSpec = {
      keywordColumns: [],
      defaultOrder: [['sort_code', 'asc']],
      filters: { name: { column: 'full_name', searchType: 2 }, sortRange: { column: 'sort_code', searchType: 3 } },
    };
    const db = suite.database.db;
    const contains = await listQuery(db.selectFrom('base_bill_rule').select(['en_code', 'sort_code']), { name: '纯度' }, spec);
    expect(contains.list.map((r) => r.en_code).sort()).toEqual(['pct_rule', 'plainrule']);
    const all = await listQuery(db.selectFrom('base_bill_rule').select(['en_code', 'sort_code']), { pageSize: 500 }, spec);
    const inRange = await listQuery(db.selectFrom('base_bill_rule').select(['en_code', 'sort_code']), { sortRange: [1, 2], pageSize: 500 }, spec);
    expect(inRange.list.length).toBe(all.list.filter((r) => r.sort_code >= 1 && r.sort_code <= 2).length);
    expect(inRange.list.every((r) => r.sort_code >= 1 && r.sort_code <= 2)).toBe(true);
    expect(inRange.pagination.total).toBe(inRange.list.length);
  });

  it('filters lists by the data scope the resolver gives, and leaves the administrator unfiltered', async () => {
    const db = suite.database.db;
    const users = await db.selectFrom('base_user').select(['id', 'account', 'organize_id']).execute();
    const staff = users.find((u) => u.account === 'staff')!;
    const other = users.find((u) => u.account !== 'staff' && u.organize_id !== staff.organize_id) ?? users.find((u) => u.account !== 'staff')!;
    await db
      .insertInto('base_sys_log')
      .values([staff, other].map((u) => ({ user_id: u.id, account: u.account, category: 1, ip: '127.0.0.1', description: 'scope test' })))
      .execute();
    const spec: ListSpec = { keywordColumns: ['description'], defaultOrder: [['created_at', 'asc']], dataScope: { creatorColumn: 'user_id' } };
    const query = () => db.selectFrom('base_sys_log').select(['user_id']);
    const previous = setDataScopeResolver(async (request) => ({ kind: 'own', userId: request.userId }));
    try {
      const own = await listQuery(query(), { keyword: 'scope test' }, spec, { userId: staff.id, isAdministrator: false, menu: 'any' });
      expect(own.list.map((r) => r.user_id)).toEqual([staff.id]);
      const admin = await listQuery(query(), { keyword: 'scope test' }, spec, { userId: staff.id, isAdministrator: true, menu: 'any' });
      expect(admin.list).toHaveLength(2);
      // A list without an organisation column cannot be scoped by organisation: it shows nothing, not everything.
      setDataScopeResolver(async () => ({ kind: 'organizations', organizeIds: [staff.organize_id] }));
      const byOrganisation = await listQuery(query(), { keyword: 'scope test' }, spec, { userId: staff.id, isAdministrator: false, menu: 'any' });
      expect(byOrganisation.list).toEqual([]);
    } finally {
      setDataScopeResolver(previous);
    }
  });

  it('lets exactly one of many concurrent creates of codes differing in case through, with the spec\'s message', async () => {
    const variants = ['Race', 'RACE', 'race', 'rAcE', 'RaCe', 'raCE'];
    const answers = await Promise.all(variants.map((enCode) => call(suite.admin, 'POST', '/api/system/DictionaryType', { parentId: '-1', fullName: `竞争 ${enCode}`, enCode, isTree: 0 })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.code !== 200)) {
      expect(refused.code).toBe(409);
      expect(refused.msg).toBe('编码已存在');
    }
    const stored = await suite.database.db.selectFrom('base_dictionary_type').select('en_code').where((eb) => eb.fn('lower', ['en_code']), '=', 'race').execute();
    expect(stored).toHaveLength(1);

    const rules = await Promise.all(['Dup', 'DUP', 'dup', 'dUp'].map((enCode) => call(suite.admin, 'POST', '/api/system/BillRule', rule(enCode))));
    expect(rules.filter((a) => a.code === 200)).toHaveLength(1);
    expect(rules.filter((a) => a.code === 409).every((a) => a.msg === '业务编码已存在')).toBe(true);
  });

  it('toggles enabledMark in one statement and names a missing record', async () => {
    const created = await call(suite.admin, 'POST', '/api/system/BillRule', rule('toggle1'));
    const first = await call(suite.admin, 'PUT', `/api/system/BillRule/${created.data.id}/Actions/State`);
    const second = await call(suite.admin, 'PUT', `/api/system/BillRule/${created.data.id}/Actions/State`);
    expect([first.data.enabledMark, second.data.enabledMark]).toEqual([0, 1]);
    const missing = await call(suite.admin, 'PUT', '/api/system/BillRule/no-such-rule/Actions/State');
    expect(missing.code).toBe(404);
    expect(missing.msg).toBe('单据规则不存在');
  });

  it('checks a route\'s declared button against the cached grants, and sees a new grant once they are invalidated', async () => {
    const db = suite.database.db;
    const body = { parentId: '-1', fullName: '员工分类', enCode: 'staff_cat', isTree: 0 };
    const refused = await call(suite.staff, 'POST', '/api/system/DictionaryType', body);
    expect(refused.code).toBe(403);

    // What the role administration will do: grant the button to one of staff's roles, then invalidate.
    await grantButton(db, 'staff', 'systemData.dictionary', 'btn_add');

    // Cached: the grant is not seen until someone says grants changed.
    expect((await call(suite.staff, 'POST', '/api/system/DictionaryType', body)).code).toBe(403);
    await suite.app.grants.invalidate();
    const allowed = await call(suite.staff, 'POST', '/api/system/DictionaryType', body);
    expect(allowed.code).toBe(200);
    // The button granted is the only one: editing stays refused.
    expect((await call(suite.staff, 'PUT', `/api/system/DictionaryType/${allowed.data.id}`, body)).code).toBe(403);
  });

  it('hands a data-scoped list its scope only when the caller can open the list\'s menu page', async () => {
    const scoped = defineModule({
      name: 'scopedList',
      permissions: [{ menu: 'systemData.dictionary', buttons: [] }],
      routes: (app) => {
        app.get('/api/scopedList', { config: { permission: { menu: 'systemData.dictionary', dataScope: true } } }, async (request) => ({ code: 200, msg: '', data: request.dataScope }));
      },
    });
    // With the modules that provide sessions and grants, the kernel's checks have someone to ask.
    const sessionsAndGrants = serverModules.filter((module) => module.sessions || module.grants);
    expect(sessionsAndGrants.map((module) => module.name).sort()).toEqual(['oauth', 'permission']);
    const app = await buildApp({ config: { bodyLimit: 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent' }, database: suite.database, logger: false, modules: [...sessionsAndGrants, scoped] });
    try {
      const ask = async (token: string) => (await app.inject({ method: 'GET', url: '/api/scopedList', headers: { authorization: token } })).json();
      // staff's menu has no dictionary page; the lab manager's has.
      expect((await ask(suite.staff)).code).toBe(403);
      const manager = await ask(await suite.tokenOf('zhangwei'));
      expect(manager).toMatchObject({ code: 200, data: { isAdministrator: false, menu: 'systemData.dictionary' } });
      expect((await ask(suite.admin)).data).toMatchObject({ isAdministrator: true });
    } finally {
      await app.close();
    }
  });

  it('refuses to start when a route checks a permission no module declares', async () => {
    const stray = defineModule({
      name: 'stray',
      routes: (app) => {
        app.get('/api/stray', { config: { permission: { menu: 'nowhere.page', button: 'btn_add' } } }, async () => ({}));
      },
    });
    await expect(
      buildApp({ config: { bodyLimit: 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent' }, database: suite.database, logger: false, modules: [stray] }),
    ).rejects.toThrow(/nowhere\.page/);
  });
});
