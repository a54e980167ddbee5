import { describe, expect, it } from 'vitest';
import { listQuery, pageOf, type ListSpec } from '../../../src/kernel/server/crud/listQuery.js';
import { setDataScopeResolver } from '../../../src/kernel/server/crud/dataScope.js';
import { defineEntity } from '../../../src/kernel/server/crud/defineEntity.js';
import { namedRecordColumns, type NamedRecordInput } from '../../../src/kernel/server/crud/namedRecord.js';
import { namedRecordProperties } from '../../../src/kernel/server/crud/requestSchemas.js';
import type { RoutePermission } from '../../../src/kernel/server/plugins/permission.js';
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
    // With the modules that provide sign-in and grants, the kernel's checks have someone to ask.
    const signInAndGrants = serverModules.filter((module) => module.signIn || module.grants);
    expect(signInAndGrants.map((module) => module.name).sort()).toEqual(['oauth', 'permission']);
    const app = await buildApp({ config: { bodyLimit: 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent' }, database: suite.database, logger: false, modules: [...signInAndGrants, scoped] });
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

  it('registers a declared entity\'s six calls with their buttons, pages its list and refuses a taken code with its message', async () => {
    // An entity declared on an existing table (the groups'), under a path of its own, on the group page.
    const declared = defineEntity({
      table: 'base_group',
      path: '/api/declared/Group',
      menu: 'permission.group',
      list: { keywordColumns: ['full_name', 'en_code'], sortable: { enCode: 'en_code' }, defaultOrder: [['en_code', 'asc']] },
      body: { type: 'object', properties: namedRecordProperties },
      messages: { notFound: 'organize.groupNotFound', outsideScope: 'organize.outsideScope' },
      unique: { code: 'organize.groupCodeTaken' },
      views: async (_db, rows) => rows.map((row) => ({ id: row.id, fullName: row.full_name, enCode: row.en_code, enabledMark: row.enabled_mark })),
      columns: async (_db, input: NamedRecordInput) =>
        namedRecordColumns(input, {
          name: { required: 'organize.groupNameRequired', tooLong: 'organize.groupNameTooLong' },
          code: { required: 'organize.groupCodeRequired', tooLong: 'organize.groupCodeTooLong' },
        }),
    });
    const registered: string[] = [];
    const module = defineModule({
      name: 'declared',
      permissions: [{ menu: 'permission.group', buttons: ['btn_add', 'btn_edit', 'btn_remove'] }],
      routes: (app, ctx) => {
        app.addHook('onRoute', (route) => {
          const { menu, ...rest } = (route.config as { permission: RoutePermission }).permission;
          registered.push(`${String(route.method)} ${route.url} ${menu} ${JSON.stringify(rest)}`);
        });
        declared.routes(app, { db: ctx.db });
      },
    });
    const signInAndGrants = serverModules.filter((m) => m.signIn || m.grants);
    const app = await buildApp({ config: { bodyLimit: 1024 * 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent' }, database: suite.database, logger: false, modules: [...signInAndGrants, module] });
    try {
      const path = '/api/declared/Group';
      expect(registered.sort()).toEqual(
        [
          `GET ${path} permission.group {"dataScope":true,"columns":true}`,
          `GET ${path}/:id permission.group {"dataScope":true}`,
          `POST ${path} permission.group {"button":"btn_add","dataScope":true}`,
          `PUT ${path}/:id permission.group {"button":"btn_edit","dataScope":true}`,
          `DELETE ${path}/:id permission.group {"button":"btn_remove","dataScope":true}`,
          `PUT ${path}/:id/Actions/State permission.group {"button":"btn_edit","dataScope":true}`,
        ].sort(),
      );
      const ask = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        (await app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) })).json();

      // The administrator: created (three, for pages), read, listed page by page, edited, switched, deleted.
      const ids: string[] = [];
      for (const enCode of ['declaredA', 'declaredB', 'declaredC']) {
        const created = await ask(suite.admin, 'POST', path, { fullName: `声明 ${enCode}`, enCode });
        expect(created).toMatchObject({ code: 200, msg: '新建成功', data: { id: expect.any(String) } });
        ids.push(created.data.id);
      }
      expect((await ask(suite.admin, 'GET', `${path}/${ids[0]}`)).data).toEqual({ id: ids[0], fullName: '声明 declaredA', enCode: 'declaredA', enabledMark: 1 });
      const first = await ask(suite.admin, 'GET', `${path}?keyword=declared&pageSize=2`);
      expect(first.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
      expect(first.data.list.map((row: { enCode: string }) => row.enCode)).toEqual(['declaredA', 'declaredB']);
      const second = await ask(suite.admin, 'GET', `${path}?keyword=declared&pageSize=2&currentPage=2`);
      expect(second.data.list.map((row: { enCode: string }) => row.enCode)).toEqual(['declaredC']);
      expect(await ask(suite.admin, 'PUT', `${path}/${ids[1]}`, { fullName: '声明 乙', enCode: 'declaredB', sortCode: 2 })).toMatchObject({ code: 200, msg: '更新成功', data: null });
      expect(await ask(suite.admin, 'PUT', `${path}/${ids[1]}/Actions/State`)).toMatchObject({ code: 200, msg: '状态已更新', data: { enabledMark: 0 } });
      expect(await ask(suite.admin, 'DELETE', `${path}/${ids[2]}`)).toMatchObject({ code: 200, msg: '删除成功', data: null });
      expect(await ask(suite.admin, 'GET', `${path}/${ids[2]}`)).toMatchObject({ code: 404, msg: '分组不存在' });

      // A code taken, in any letter case, on a create or an edit: the declared message, and nothing written.
      const count = async () => (await suite.database.db.selectFrom('base_group').select('id').execute()).length;
      const before = await count();
      expect(await ask(suite.admin, 'POST', path, { fullName: '重复', enCode: 'DECLAREDA' })).toMatchObject({ code: 409, msg: '分组编码已存在' });
      expect(await ask(suite.admin, 'PUT', `${path}/${ids[1]}`, { fullName: '声明 乙', enCode: 'declareda' })).toMatchObject({ code: 409, msg: '分组编码已存在' });
      expect(await count()).toBe(before);

      // staff opens no group page and holds none of its buttons: every call is refused.
      const refusals = [
        await ask(suite.staff, 'GET', path),
        await ask(suite.staff, 'GET', `${path}/${ids[0]}`),
        await ask(suite.staff, 'POST', path, { fullName: '声明 丁', enCode: 'declaredD' }),
        await ask(suite.staff, 'PUT', `${path}/${ids[0]}`, { fullName: '改名', enCode: 'declaredA' }),
        await ask(suite.staff, 'PUT', `${path}/${ids[0]}/Actions/State`),
        await ask(suite.staff, 'DELETE', `${path}/${ids[0]}`),
      ];
      expect(refusals.map((answer) => answer.code)).toEqual([403, 403, 403, 403, 403, 403]);
      // Given btn_edit: the edit and the switch pass, the delete still needs btn_remove.
      await grantButton(suite.database.db, 'staff', 'permission.group', 'btn_edit');
      await app.grants.invalidate();
      expect((await ask(suite.staff, 'PUT', `${path}/${ids[0]}`, { fullName: '声明 甲', enCode: 'declaredA' })).code).toBe(200);
      expect(await ask(suite.staff, 'PUT', `${path}/${ids[0]}/Actions/State`)).toMatchObject({ code: 200, data: { enabledMark: 0 } });
      expect((await ask(suite.staff, 'DELETE', `${path}/${ids[0]}`)).code).toBe(403);
      expect((await ask(suite.admin, 'GET', `${path}/${ids[0]}`)).data).toMatchObject({ fullName: '声明 甲', enabledMark: 0 });
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
