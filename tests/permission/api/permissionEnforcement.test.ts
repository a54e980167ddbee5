import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app/server/labcode.js';
import type { Database } from '../../../src/kernel/server/db/database.js';
import { defineModule } from '../../../src/kernel/server/module.js';
import { serverModules } from '../../../src/modules/serverModules.js';
import { listQuery, type ListSpec } from '../../../src/kernel/server/crud/listQuery.js';
import { ok } from '../../../src/kernel/server/plugins/envelope.js';
import { TEST_PASSWORDS, testDatabases } from '../../support/api/testDatabases.js';
import { tokenFor } from '../../support/api/signIn.js';

/**
 * Permissions of every kind (menu, button, column, form field, data scope) reaching a user through each kind of
 * grantee (role, position, the user, group), checked through routes declared like the product's own: a probe module
 * serves the users table as the users page would, so the enforcement is tested whatever that page's state.
 */
const MENU = 'permission.user';
const userSpec: ListSpec = {
  keywordColumns: ['account'],
  sortable: { account: 'account', realName: 'real_name', gender: 'gender' },
  filters: { organizeId: { column: 'organize_id', searchType: 1 } },
  defaultOrder: [['account', 'asc']],
  dataScope: { creatorColumn: 'id', organizeColumn: 'organize_id' },
};
const probe = defineModule({
  name: 'permissionProbe',
  permissions: [
    { menu: MENU, buttons: ['btn_add', 'btn_edit'] },
    { menu: 'permission.group', buttons: [] },
  ],
  routes: (app, ctx) => {
    const rows = async (query: Record<string, unknown>, scope: Parameters<typeof listQuery>[3]) => {
      const page = await listQuery(ctx.db.selectFrom('base_user').select(['id', 'account', 'real_name', 'gender', 'mobile', 'email', 'organize_id']), query, userSpec, scope);
      return { list: page.list.map((u) => ({ id: u.id, account: u.account, realName: u.real_name, gender: u.gender, mobilePhone: u.mobile, email: u.email, organize: u.organize_id })), pagination: page.pagination };
    };
    app.get<{ Querystring: Record<string, unknown> }>('/api/probe/users', { config: { permission: { menu: MENU, dataScope: true, columns: true } } }, async (request) => ok(await rows(request.query, request.dataScope)));
    app.get<{ Querystring: Record<string, unknown> }>('/api/probe/unschemed', { config: { permission: { menu: 'permission.group', dataScope: true } } }, async (request) => ok(await rows(request.query, request.dataScope)));
    app.get<{ Params: { id: string } }>('/api/probe/users/:id', { config: { permission: { menu: MENU, form: 'read' } } }, async (request) => {
      const u = await ctx.db.selectFrom('base_user').selectAll().where('id', '=', request.params.id).executeTakeFirstOrThrow();
      return ok({ id: u.id, account: u.account, realName: u.real_name, mobilePhone: u.mobile, email: u.email, organizeId: u.organize_id });
    });
    // Echoes what reached the handler, so the test sees what the plugin let through.
    app.put<{ Params: { id: string }; Body: Record<string, unknown> }>('/api/probe/users/:id', { config: { permission: { menu: MENU, button: 'btn_edit', form: 'write' } } }, async (request) => ok({ received: request.body }));
    app.post('/api/probe/users', { config: { permission: { menu: MENU, button: 'btn_add' } } }, async () => ok(null));
    // A tree list and a record with a sub-table, for the nested cases.
    app.get('/api/probe/tree', { config: { permission: { menu: MENU, columns: true } } }, async () =>
      ok({ list: [{ id: 'a', account: 'top', mobilePhone: '1', children: [{ id: 'b', account: 'child', mobilePhone: '2', children: [] }] }] }),
    );
    app.get('/api/probe/sheet', { config: { permission: { menu: MENU, form: 'read' } } }, async () =>
      ok({ id: 's', realName: '表', contacts: [{ name: '甲', phone: '1' }, { name: '乙', phone: '2' }] }),
    );
    app.put<{ Body: Record<string, unknown> }>('/api/probe/sheet', { config: { permission: { menu: MENU, button: 'btn_edit', form: 'write' } } }, async (request) => ok({ received: request.body }));
  },
});

describe.each(testDatabases())('permissions of every kind, through every kind of grantee, on $name', (testDb) => {
  let database: Database;
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let admin: string;
  let roleId: string;
  const ids: Record<string, string> = {};
  const call = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    (await app.inject({ method, url, headers: { authorization: token }, ...(payload !== undefined ? { payload: payload as object } : {}) })).json();
  const accounts = async (token: string, url = '/api/probe/users?keyword=probe_&pageSize=50') => {
    const answer = await call(token, 'GET', url);
    expect(answer.code).toBe(200);
    return (answer.data.list as { account: string }[]).map((u) => u.account).sort();
  };
  const grant = (objectType: string, objectId: string, lists: Record<string, string[]>) => call(admin, 'PUT', `/api/permission/Authority/Data/${objectId}`, { objectType, ...lists });
  const resourceId = async (table: 'base_module_button' | 'base_module_column' | 'base_module_form', enCode: string) =>
    (await database.db.selectFrom(table).select('id').where('module_id', '=', `menu-${MENU}`).where('en_code', '=', enCode).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    ({ database, drop } = await testDb.open());
    app = await buildApp({ config: { bodyLimit: 1024 * 1024, sessionIdleMinutes: 60, clientDir: '/nonexistent', logLevel: 'silent' }, database, logger: false, modules: [...serverModules, probe] });
    admin = await tokenFor(app, 'admin', TEST_PASSWORDS.admin);
    const db = database.db;
    await db
      .insertInto('base_organize')
      .values([
        { id: 'tdept-a', parent_id: 'org-company', category: 'department', full_name: '探针甲部', en_code: 'PROBEA', organize_id_tree: 'org-company,tdept-a' },
        { id: 'tdept-a1', parent_id: 'tdept-a', category: 'department', full_name: '探针甲一组', en_code: 'PROBEA1', organize_id_tree: 'org-company,tdept-a,tdept-a1' },
        { id: 'tdept-b', parent_id: 'org-company', category: 'department', full_name: '探针乙部', en_code: 'PROBEB', organize_id_tree: 'org-company,tdept-b' },
      ])
      .execute();
    await db
      .insertInto('base_position')
      .values([
        { id: 'tpos-plain', organize_id: 'tdept-a', full_name: '探针普通岗', en_code: 'PROBEP1' },
        { id: 'tpos-granted', organize_id: 'tdept-a', full_name: '探针授权岗', en_code: 'PROBEP2' },
      ])
      .execute();
    await db.insertInto('base_group').values({ id: 'tgroup', full_name: '探针分组', en_code: 'probeGroup' }).execute();
    const created = await call(admin, 'POST', '/api/permission/Role', { fullName: '探针角色', enCode: 'probeRole', globalMark: 1 });
    expect(created.code).toBe(200);
    roleId = created.data.id;
    const { password_hash } = await db.selectFrom('base_user').select('password_hash').where('account', '=', 'staff').executeTakeFirstOrThrow();
    const users = [
      { id: 'tu-role', account: 'probe_role', organize_id: 'tdept-a', position_id: 'tpos-plain', gender: 1 },
      { id: 'tu-pos', account: 'probe_pos', organize_id: 'tdept-a', position_id: 'tpos-granted', gender: 1 },
      { id: 'tu-user', account: 'probe_user', organize_id: 'tdept-a1', position_id: 'tpos-plain', gender: 1 },
      { id: 'tu-group', account: 'probe_group', organize_id: 'tdept-b', position_id: 'tpos-plain', gender: 2 },
    ];
    await db.insertInto('base_user').values(users.map((u) => ({ ...u, real_name: `探针${u.account}`, mobile: '13912345678', email: `${u.account}@example.com`, password_hash, change_password_date: new Date() }))).execute();
    await db
      .insertInto('base_user_relation')
      .values([
        { id: 'tr-1', user_id: 'tu-role', object_type: 'Role', object_id: roleId },
        { id: 'tr-2', user_id: 'tu-pos', object_type: 'Position', object_id: 'tpos-granted' },
        { id: 'tr-3', user_id: 'tu-group', object_type: 'Group', object_id: 'tgroup' },
      ])
      .execute();
    for (const code of ['btn_add', 'btn_edit']) ids[code] = await resourceId('base_module_button', code);
    for (const code of ['account', 'realName', 'mobilePhone']) ids[`column.${code}`] = await resourceId('base_module_column', code);
    for (const code of ['account', 'realName', 'mobilePhone']) ids[`form.${code}`] = await resourceId('base_module_form', code);
    for (const code of ['all', 'organizeAndSub', 'own']) ids[`scheme.${code}`] = `scheme-${MENU}-${code}`;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const grantees = () =>
    [
      { objectType: 'Role', objectId: roleId, account: 'probe_role', userId: 'tu-role' },
      { objectType: 'Position', objectId: 'tpos-granted', account: 'probe_pos', userId: 'tu-pos' },
      { objectType: 'User', objectId: 'tu-user', account: 'probe_user', userId: 'tu-user' },
      { objectType: 'Group', objectId: 'tgroup', account: 'probe_group', userId: 'tu-group' },
    ] as const;

  it('gives a user exactly the menu, button, columns, form fields and data scheme granted to their role, position, self or group', async () => {
    for (const [index, grantee] of grantees().entries()) {
      const token = await tokenFor(app, grantee.account, TEST_PASSWORDS.demoUser);
      // Before the grant the page is closed to them.
      expect((await call(token, 'GET', '/api/probe/users')).code).toBe(403);

      const granted = await grant(grantee.objectType, grantee.objectId, {
        // The client sends the ticked tree: the directory above the page, and menu ids inside the button list.
        module: ['menu-permission', `menu-${MENU}`],
        button: [`menu-${MENU}`, ids.btn_edit],
        column: [ids['column.account'], ids['column.realName']],
        form: [ids['form.account'], ids['form.realName']],
        resource: [ids['scheme.own']],
      });
      expect(granted).toMatchObject({ code: 200 });

      const session = (await call(token, 'GET', '/api/oauth/CurrentUser')).data;
      const area = session.menuList.find((m: { enCode: string }) => m.enCode === 'permission');
      expect(area.children.map((m: { enCode: string }) => m.enCode)).toEqual([MENU]);
      const entry = session.permissionList.find((p: { modelId: string }) => p.modelId === `menu-${MENU}`);
      const codes = (list: { enCode: string }[]) => list.map((x) => x.enCode).sort();
      expect({ button: codes(entry.button), column: codes(entry.column), form: codes(entry.form), resource: codes(entry.resource) }).toEqual({
        button: ['btn_edit'],
        column: ['account', 'realName'],
        form: ['account', 'realName'],
        resource: ['own'],
      });

      // Data: own records only. Columns: the ungranted ones are gone, id stays.
      const list = await call(token, 'GET', '/api/probe/users?keyword=probe_');
      expect(list.data.list).toEqual([{ id: grantee.userId, account: grantee.account, realName: `探针${grantee.account}` }]);
      // Buttons: edit granted, add not.
      expect((await call(token, 'POST', '/api/probe/users', {})).code).toBe(403);
      // Form fields: a read lacks the ungranted ones; a write setting one is refused, one sending it empty passes without it.
      const record = (await call(token, 'GET', `/api/probe/users/${grantee.userId}`)).data;
      expect(record).toEqual({ id: grantee.userId, account: grantee.account, realName: `探针${grantee.account}` });
      const refused = await call(token, 'PUT', `/api/probe/users/${grantee.userId}`, { realName: '新名字', mobilePhone: '13800000000' });
      expect(refused).toMatchObject({ code: 403, msg: expect.stringContaining('mobilePhone') });
      const written = await call(token, 'PUT', `/api/probe/users/${grantee.userId}`, { realName: '新名字', mobilePhone: '', email: null });
      expect(written).toMatchObject({ code: 200, data: { received: { realName: '新名字' } } });
      expect(Object.keys(written.data.received)).toEqual(['realName']);

      // Nobody else received it: the next grantee's user still cannot open the page.
      const next = grantees()[index + 1];
      if (next) expect((await call(await tokenFor(app, next.account, TEST_PASSWORDS.demoUser), 'GET', '/api/probe/users')).code).toBe(403);

      // Taking the grant back closes the page again at once.
      expect(await grant(grantee.objectType, grantee.objectId, { module: [], button: [], column: [], form: [], resource: [] })).toMatchObject({ code: 200 });
      expect((await call(token, 'GET', '/api/probe/users')).code).toBe(403);
    }
  });

  it('strips columns inside tree children and sub-table fields (table-field) from reads, and refuses writes to them', async () => {
    const db = database.db;
    await db.insertInto('base_module_form').values([
      { id: 'probe-form-phone', module_id: `menu-${MENU}`, en_code: 'contacts-phone', full_name: '联系人电话' },
      { id: 'probe-form-name', module_id: `menu-${MENU}`, en_code: 'contacts-name', full_name: '联系人姓名' },
    ]).execute();
    await app.grants.invalidate();
    await grant('Role', roleId, { module: [`menu-${MENU}`], button: [ids.btn_edit], column: [ids['column.account']], form: [ids['form.realName'], 'probe-form-name'] });
    const token = await tokenFor(app, 'probe_role', TEST_PASSWORDS.demoUser);
    expect((await call(token, 'GET', '/api/probe/tree')).data.list).toEqual([{ id: 'a', account: 'top', children: [{ id: 'b', account: 'child', children: [] }] }]);
    expect((await call(token, 'GET', '/api/probe/sheet')).data).toEqual({ id: 's', realName: '表', contacts: [{ name: '甲' }, { name: '乙' }] });
    expect(await call(token, 'PUT', '/api/probe/sheet', { realName: '表', contacts: [{ name: '甲', phone: '139' }] })).toMatchObject({ code: 403, msg: expect.stringContaining('contacts-phone') });
    expect(await call(token, 'PUT', '/api/probe/sheet', { realName: '表', contacts: [{ name: '甲', phone: '' }] })).toMatchObject({ code: 200, data: { received: { realName: '表', contacts: [{ name: '甲' }] } } });
    // Granted the sub-table field, the write passes with it.
    await grant('Role', roleId, { form: [ids['form.realName'], 'probe-form-name', 'probe-form-phone'] });
    expect(await call(token, 'PUT', '/api/probe/sheet', { contacts: [{ name: '甲', phone: '139' }] })).toMatchObject({ code: 200, data: { received: { contacts: [{ phone: '139' }] } } });
    await grant('Role', roleId, { module: [], button: [], column: [], form: [] });
    await db.deleteFrom('base_module_form').where('id', 'in', ['probe-form-phone', 'probe-form-name']).execute();
    await app.grants.invalidate();
  });

  it('leaves the administrator every column, field and row', async () => {
    const list = await call(admin, 'GET', '/api/probe/users?keyword=probe_');
    expect(list.data.list).toHaveLength(4);
    expect(Object.keys(list.data.list[0])).toContain('mobilePhone');
    expect((await call(admin, 'GET', '/api/probe/users/tu-role')).data.mobilePhone).toBe('13912345678');
    expect((await call(admin, 'PUT', '/api/probe/users/tu-role', { mobilePhone: '13800000000' })).code).toBe(200);
  });

  it('scopes a list to all rows, the own organisation, the department and below, own records, custom conditions, or their union', async () => {
    const token = await tokenFor(app, 'probe_role', TEST_PASSWORDS.demoUser);
    const scheme = async (body: Record<string, unknown>) => {
      const created = await call(admin, 'POST', '/api/system/ModuleDataAuthorizeScheme', { moduleId: `menu-${MENU}`, ...body });
      expect(created).toMatchObject({ code: 200 });
      return created.data.id as string;
    };
    const organize = await scheme({ fullName: '本组织', enCode: 'probeOrganize', kind: 'organize' });
    const byAccount = await scheme({ fullName: '指定账号', enCode: 'probeAccounts', kind: 'custom', conditionJson: JSON.stringify([{ field: 'account', op: 'in', value: ['probe_group', 'probe_user'] }]) });
    const womenOrPos = await scheme({ fullName: '女性或岗位账号', enCode: 'probeOr', kind: 'custom', matchLogic: 'or', conditionJson: [{ field: 'gender', op: '==', value: 2 }, { field: 'account', op: 'like', value: 'pos' }] });
    const me = await scheme({ fullName: '本人变量', enCode: 'probeMe', kind: 'custom', conditionJson: [{ field: 'account', op: '!=', value: 'x' }, { field: 'organizeId', op: '==', value: '@organizeId' }] });
    const unmapped = await scheme({ fullName: '表外字段', enCode: 'probeUnmapped', kind: 'custom', conditionJson: [{ field: 'passwordHash', op: '!=', value: 'x' }] });
    const scopedTo = async (resource: string[]) => {
      expect(await grant('Role', roleId, { module: [`menu-${MENU}`], column: [ids['column.account']], resource })).toMatchObject({ code: 200 });
      return accounts(token);
    };
    expect(await scopedTo([ids['scheme.all']])).toEqual(['probe_group', 'probe_pos', 'probe_role', 'probe_user']);
    expect(await scopedTo([organize])).toEqual(['probe_pos', 'probe_role']);
    expect(await scopedTo([ids['scheme.organizeAndSub']])).toEqual(['probe_pos', 'probe_role', 'probe_user']);
    expect(await scopedTo([ids['scheme.own']])).toEqual(['probe_role']);
    expect(await scopedTo([byAccount])).toEqual(['probe_group', 'probe_user']);
    expect(await scopedTo([womenOrPos])).toEqual(['probe_group', 'probe_pos']);
    expect(await scopedTo([me])).toEqual(['probe_pos', 'probe_role']);
    // A field the list does not map matches nothing: a scheme cannot reach columns a list does not offer.
    expect(await scopedTo([unmapped])).toEqual([]);
    // Several schemes: the union; 'all' among them wins.
    expect(await scopedTo([ids['scheme.own'], byAccount])).toEqual(['probe_group', 'probe_role', 'probe_user']);
    expect(await scopedTo([ids['scheme.own'], ids['scheme.all']])).toEqual(['probe_group', 'probe_pos', 'probe_role', 'probe_user']);
    // The page has schemes and the user holds none of them: nothing. A page without schemes: everything.
    expect(await scopedTo([])).toEqual([]);
    expect(await grant('Role', roleId, { module: ['menu-permission.group'] })).toMatchObject({ code: 200 });
    expect(await accounts(token, '/api/probe/unschemed?keyword=probe_&pageSize=50')).toEqual(['probe_group', 'probe_pos', 'probe_role', 'probe_user']);
    // Counting follows the scope too.
    await grant('Role', roleId, { module: [`menu-${MENU}`], column: [ids['column.account']], resource: [organize] });
    expect((await call(token, 'GET', '/api/probe/users?keyword=probe_')).data.pagination.total).toBe(2);
    // Deleting a scheme takes its grants with it.
    expect(await call(admin, 'DELETE', `/api/system/ModuleDataAuthorizeScheme/${organize}`)).toMatchObject({ code: 200 });
    expect(await accounts(token)).toEqual([]);
  });

  it('refuses malformed data schemes and changes nothing', async () => {
    const before = await database.db.selectFrom('base_module_data_scheme').select('id').execute();
    const bad = [
      { moduleId: `menu-${MENU}`, fullName: '坏', enCode: 'bad1', kind: 'everything' },
      { moduleId: `menu-${MENU}`, fullName: '坏', enCode: 'bad2', kind: 'custom', conditionJson: [{ field: 'account', op: 'drop table', value: 'x' }] },
      { moduleId: `menu-${MENU}`, fullName: '坏', enCode: 'bad3', kind: 'custom', conditionJson: [{ field: 'account; --', op: '==', value: 'x' }] },
      { moduleId: `menu-${MENU}`, fullName: '坏', enCode: 'bad4', kind: 'custom', conditionJson: 'not json' },
      { moduleId: `menu-${MENU}`, fullName: '', enCode: 'bad5', kind: 'all' },
      { moduleId: 'no-such-menu', fullName: '坏', enCode: 'bad6', kind: 'all' },
    ];
    const answers = await Promise.all(bad.map((body) => call(admin, 'POST', '/api/system/ModuleDataAuthorizeScheme', body)));
    expect(answers.map((a) => a.code)).toEqual([400, 400, 400, 400, 400, 404]);
    expect(answers[0].msg).toContain('all、organize');
    expect(answers[1].msg).toContain('自定义条件不正确');
    expect(answers[4].msg).toBe('请输入方案名称');
    const duplicate = await call(admin, 'POST', '/api/system/ModuleDataAuthorizeScheme', { moduleId: `menu-${MENU}`, fullName: '重复', enCode: 'own', kind: 'own' });
    expect(duplicate).toMatchObject({ code: 409, msg: '该菜单已有此方案编码' });
    expect(await database.db.selectFrom('base_module_data_scheme').select('id').execute()).toHaveLength(before.length);
    const staff = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
    expect((await call(staff, 'POST', '/api/system/ModuleDataAuthorizeScheme', { moduleId: `menu-${MENU}`, fullName: '员工', enCode: 'staffScheme', kind: 'all' })).code).toBe(403);
    const list = await call(admin, 'GET', `/api/system/ModuleDataAuthorizeScheme/menu-${MENU}/List`);
    expect(list.data.list.map((s: { enCode: string }) => s.enCode)).toEqual(expect.arrayContaining(['all', 'organizeAndSub', 'own']));
  });
});
