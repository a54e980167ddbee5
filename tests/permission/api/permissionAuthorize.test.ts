import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

interface Node {
  id: string;
  fullName: string;
  type: string;
  disabled: boolean;
  children?: Node[];
}

const flatten = (list: Node[]): Node[] => list.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe.each(testDatabases())('permission management on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const grantsOf = async (objectId: string, itemType?: string) =>
    (await suite.database.db.selectFrom('base_authorize').select(['item_type', 'item_id']).where('object_id', '=', objectId).$if(Boolean(itemType), (q) => q.where('item_type', '=', itemType!)).execute())
      .map((r) => r.item_id)
      .sort();

  it('answers the tree of each kind with what the object holds, by POST (JNPF clients) or GET', async () => {
    const modules = await call(suite.admin, 'POST', '/api/permission/Authority/Data/role-staff/Values', { type: 'module', moduleIds: '' });
    expect(modules.code).toBe(200);
    const nodes = flatten(modules.data.list);
    expect(nodes.find((n) => n.id === 'menu-permission')?.children?.map((c) => c.id)).toContain('menu-permission.user');
    expect([...modules.data.ids].sort()).toEqual(await grantsOf('role-staff', 'module'));
    expect(modules.data.all).toEqual(expect.arrayContaining(['menu-dashboard', 'menu-permission.user']));
    const viaGet = await call(suite.admin, 'GET', '/api/permission/Authority/Data/role-staff/Values?type=module');
    expect(viaGet.data).toEqual(modules.data);

    const buttons = await call(suite.admin, 'POST', '/api/permission/Authority/Data/role-staff/Values', { type: 'button', moduleIds: 'menu-permission.user' });
    const page = flatten(buttons.data.list).find((n) => n.id === 'menu-permission.user')!;
    expect(page.children!.map((c) => c.fullName)).toEqual(['新建', '编辑', '删除', '导出', '导入', '重置密码', '授权']);
    expect(buttons.data.all).toEqual(page.children!.map((c) => c.id));
    // Only the asked page and the directory above it.
    expect(buttons.data.list.map((n: Node) => n.id)).toEqual(['menu-permission']);

    const schemes = await call(suite.admin, 'POST', '/api/permission/Authority/Data/role-lab-manager/Values', { type: 'resource', moduleIds: 'menu-permission.user' });
    const schemeNodes = flatten(schemes.data.list).filter((n) => n.type === 'resource');
    expect(schemeNodes.map((n) => n.fullName)).toEqual(['全部数据', '本部门及下级', '仅本人']);
    expect(schemes.data.ids).toEqual(['scheme-permission.user-organizeAndSub']);

    const columns = await call(suite.admin, 'POST', '/api/permission/Authority/Data/role-staff/Values', { type: 'column' });
    expect(flatten(columns.data.list).filter((n) => n.type === 'column').length).toBeGreaterThan(10);
    const system = await call(suite.admin, 'POST', '/api/permission/Authority/Data/role-staff/Values', { type: 'system' });
    expect(system.data).toMatchObject({ list: [{ id: 'labcode', type: 'system' }], all: ['labcode'] });
  });

  it('saves each kind for roles, positions, users and groups, ignores menu ids in the resource lists, and leaves kinds not sent alone', async () => {
    const buttonId = (await suite.database.db.selectFrom('base_module_button').select('id').where('module_id', '=', 'menu-permission.user').where('en_code', '=', 'btn_export').executeTakeFirstOrThrow()).id;
    // The demo groups come with the organisation seed; this group is the test's own, whatever that seed holds.
    await suite.database.db.insertInto('base_group').values({ id: 'group-authorize-test', full_name: '授权测试组', en_code: 'authorizeTest' }).execute();
    for (const [objectType, objectId] of [['Role', 'role-procurement'], ['Position', 'pos-analyst'], ['User', 'user-staff'], ['Group', 'group-authorize-test']]) {
      const saved = await call(suite.admin, 'PUT', `/api/permission/Authority/Data/${objectId}`, {
        objectType,
        systemIds: ['labcode'],
        module: ['menu-permission', 'menu-permission.user'],
        button: ['menu-permission', 'menu-permission.user', buttonId],
        column: [],
        form: [],
        resource: ['scheme-permission.user-own'],
      });
      expect(saved).toMatchObject({ code: 200, msg: '更新成功' });
      expect(await grantsOf(objectId, 'button')).toEqual([buttonId]);
      expect(await grantsOf(objectId, 'module')).toEqual(['menu-permission', 'menu-permission.user']);
      expect(await grantsOf(objectId, 'system')).toEqual(['labcode']);
      const values = await call(suite.admin, 'POST', `/api/permission/Authority/Data/${objectId}/Values`, { type: 'button', moduleIds: 'menu-permission.user', objectType });
      expect(values.data.ids).toEqual([buttonId]);
      // A body with only the menu list changes only the menus.
      await call(suite.admin, 'PUT', `/api/permission/Authority/Data/${objectId}`, { objectType, module: ['menu-permission.user'] });
      expect(await grantsOf(objectId, 'module')).toEqual(['menu-permission.user']);
      expect(await grantsOf(objectId, 'button')).toEqual([buttonId]);
      expect(await grantsOf(objectId, 'resource')).toEqual(['scheme-permission.user-own']);
      await call(suite.admin, 'PUT', `/api/permission/Authority/Data/${objectId}`, { objectType, systemIds: [], module: [], button: [], column: [], form: [], resource: [] });
      expect(await grantsOf(objectId)).toEqual([]);
    }
    const holders = await call(suite.admin, 'GET', '/api/permission/Authority/Model/menu-dashboard/Role');
    expect(holders.data.ids).toEqual(expect.arrayContaining(['role-staff', 'role-lab-manager']));
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await grantsOf('role-staff');
    const cases: [string, string, unknown, number, string?][] = [
      ['PUT', '/api/permission/Authority/Data/role-staff', { objectType: 'Robot', module: [] }, 400, '授权对象类型不正确'],
      ['PUT', '/api/permission/Authority/Data/no-such-role', { objectType: 'Role', module: [] }, 404, '授权对象不存在'],
      ['PUT', '/api/permission/Authority/Data/role-staff', { objectType: 'Role', module: ['menu-dashboard', 'no-such-item'] }, 400, '权限项不存在：no-such-item'],
      ['PUT', '/api/permission/Authority/Data/role-staff', { objectType: 'Role', module: 'menu-dashboard,x' }, 400],
      ['PUT', '/api/permission/Authority/Data/role-staff', { module: [] }, 400],
      ['POST', '/api/permission/Authority/Data/role-staff/Values', { type: 'everything' }, 400, '权限类型不正确'],
      ['POST', '/api/permission/Authority/Data/role-staff/Values', { type: 'module', objectType: 'Robot' }, 400],
      ['GET', '/api/permission/Authority/Model/menu-dashboard/Robot', undefined, 400],
      ['PUT', '/api/permission/Authority/Model/no-such-item', { objectType: 'Role', objectId: ['role-staff'] }, 400],
      ['PUT', '/api/permission/Authority/Model/menu-dashboard', { objectType: 'Role', objectId: ['no-such-role'] }, 404],
    ];
    for (const [method, url, body, code, msg] of cases) {
      const answer = await call(suite.admin, method as 'PUT', url, body);
      expect(answer.code, `${method} ${url}`).toBe(code);
      if (msg) expect(answer.msg).toContain(msg);
    }
    expect(await grantsOf('role-staff')).toEqual(before);
  });

  it('keeps permission management to those granted it, and lets a grantor hand out only what they hold', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/permission/Authority/Data/role-staff/Values', { type: 'module' }],
      ['PUT', '/api/permission/Authority/Data/role-staff', { objectType: 'Role', module: ['menu-system.sysLog'] }],
      ['GET', '/api/permission/Authority/Model/menu-dashboard/Role', undefined],
      ['PUT', '/api/permission/Authority/Model/menu-dashboard', { objectType: 'Role', objectId: [] }],
    ] as const) {
      expect((await call(suite.staff, method, url, body)).code, `${method} ${url}`).toBe(403);
    }

    // A grantor: the role page with its authorize button, through a role of their own.
    const db = suite.database.db;
    const lina = (await db.selectFrom('base_user').select('id').where('account', '=', 'lina').executeTakeFirstOrThrow()).id;
    const grantor = await call(suite.admin, 'POST', '/api/permission/Role', { fullName: '授权员', enCode: 'grantor' });
    const authorizeButton = (await db.selectFrom('base_module_button').select('id').where('module_id', '=', 'menu-permission.role').where('en_code', '=', 'btn_authorize').executeTakeFirstOrThrow()).id;
    await call(suite.admin, 'PUT', `/api/permission/Authority/Data/${grantor.data.id}`, { objectType: 'Role', module: ['menu-permission', 'menu-permission.role'], button: [authorizeButton] });
    await db.insertInto('base_user_relation').values({ id: 'rel-lina-grantor', user_id: lina, object_type: 'Role', object_id: grantor.data.id }).execute();
    await suite.app.grants.invalidate();
    const token = await suite.tokenOf('lina');

    const target = await call(suite.admin, 'POST', '/api/permission/Role', { fullName: '被授权', enCode: 'grantee' });
    // lina holds the portal (staff role) and may pass it on; the system log she does not hold.
    expect(await call(token, 'PUT', `/api/permission/Authority/Data/${target.data.id}`, { objectType: 'Role', module: ['menu-dashboard'] })).toMatchObject({ code: 200 });
    expect((await call(token, 'PUT', `/api/permission/Authority/Data/${target.data.id}`, { objectType: 'Role', module: ['menu-system.sysLog'] })).code).toBe(403);
    expect(await grantsOf(target.data.id)).toEqual(['menu-dashboard']);
    const tree = await call(token, 'POST', `/api/permission/Authority/Data/${target.data.id}/Values`, { type: 'module' });
    const byId = new Map(flatten(tree.data.list).map((n) => [n.id, n]));
    expect(byId.get('menu-dashboard')?.disabled).toBe(false);
    expect(byId.get('menu-system.sysLog')?.disabled).toBe(true);
    // What an administrator gave that lina does not hold survives her save.
    await call(suite.admin, 'PUT', `/api/permission/Authority/Data/${target.data.id}`, { objectType: 'Role', module: ['menu-dashboard', 'menu-system.sysLog'] });
    expect(await call(token, 'PUT', `/api/permission/Authority/Data/${target.data.id}`, { objectType: 'Role', module: [] })).toMatchObject({ code: 200 });
    expect(await grantsOf(target.data.id)).toEqual(['menu-system.sysLog']);
    // The authorize button of the role page does not reach users.
    expect((await call(token, 'PUT', '/api/permission/Authority/Data/user-staff', { objectType: 'User', module: ['menu-dashboard'] })).code).toBe(403);
  });
});
