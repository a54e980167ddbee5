import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

describe.each(testDatabases())('roles on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);

  it('lists roles with keyword, organisation filter and paging, in the JNPF row shape', async () => {
    const all = await call(suite.admin, 'GET', '/api/permission/Role?currentPage=1&pageSize=50&n=1700000000');
    expect(all.code).toBe(200);
    const codes = all.data.list.map((r: { enCode: string }) => r.enCode);
    expect(codes).toEqual(expect.arrayContaining(['staff', 'labManager']));
    expect(all.data.list[0]).toEqual({
      id: expect.any(String),
      fullName: expect.any(String),
      enCode: expect.any(String),
      globalMark: 1,
      type: '全局',
      organizeInfo: '',
      enabledMark: 1,
      sortCode: expect.any(Number),
      description: expect.toBeOneOf([expect.any(String), null]),
      creatorTime: expect.any(Number),
    });
    const page = await call(suite.admin, 'GET', '/api/permission/Role?currentPage=2&pageSize=1');
    expect(page.data.pagination).toEqual({ currentPage: 2, pageSize: 1, total: all.data.pagination.total });
    expect(page.data.list).toHaveLength(1);
    const found = await call(suite.admin, 'GET', `/api/permission/Role?keyword=${encodeURIComponent('实验室主管')}`);
    expect(found.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['labManager']);
    const english = await suite.app.inject({ method: 'GET', url: '/api/permission/Role?keyword=labManager', headers: { authorization: suite.admin, 'accept-language': 'en' } });
    expect(english.json().data.list[0].type).toBe('Global');
  });

  it('creates an organisation role with its organisations, reads it back as paths, filters by organisation and updates it', async () => {
    const created = await call(suite.admin, 'POST', '/api/permission/Role', {
      fullName: '色谱组组长',
      enCode: 'chromLead',
      globalMark: 0,
      organizeIdsTree: [['org-company', 'dept-analysis']],
      sortCode: 5,
      description: '组织角色',
    });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data.id;
    const info = await call(suite.admin, 'GET', `/api/permission/Role/${id}`);
    expect(info.data).toMatchObject({ id, fullName: '色谱组组长', enCode: 'chromLead', globalMark: 0, sortCode: 5, organizeIds: ['dept-analysis'], organizeIdsTree: [['org-company', 'dept-analysis']] });

    const inAnalysis = await call(suite.admin, 'GET', '/api/permission/Role?organizeId=dept-analysis');
    expect(inAnalysis.data.list.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(inAnalysis.data.list[0]).toMatchObject({ type: '组织', organizeInfo: expect.stringContaining('分析测试部') });
    const globals = await call(suite.admin, 'GET', '/api/permission/Role?organizeId=0&pageSize=50');
    expect(globals.data.list.every((r: { globalMark: number }) => r.globalMark === 1)).toBe(true);

    const updated = await call(suite.admin, 'PUT', `/api/permission/Role/${id}`, { fullName: '色谱组组长', enCode: 'chromLead', globalMark: 0, organizeIds: ['dept-analysis', 'dept-quality'] });
    expect(updated).toMatchObject({ code: 200 });
    expect((await call(suite.admin, 'GET', `/api/permission/Role/${id}`)).data.organizeIds.sort()).toEqual(['dept-analysis', 'dept-quality']);
    // Becoming global drops the organisations.
    await call(suite.admin, 'PUT', `/api/permission/Role/${id}`, { fullName: '色谱组组长', enCode: 'chromLead', globalMark: 1 });
    expect((await call(suite.admin, 'GET', `/api/permission/Role/${id}`)).data).toMatchObject({ globalMark: 1, organizeIds: [], organizeIdsTree: [] });
  });

  it('refuses bad input with the form’s messages and changes nothing', async () => {
    const count = async () => (await call(suite.admin, 'GET', '/api/permission/Role?pageSize=100')).data.pagination.total;
    const before = await count();
    const cases: [unknown, number, string][] = [
      [{ fullName: '', enCode: 'x1' }, 400, '请输入角色名称'],
      [{ fullName: '名'.repeat(51), enCode: 'x2' }, 400, '角色名称最多为50个字符！'],
      [{ fullName: '无编码' }, 400, '请输入角色编码'],
      [{ fullName: '重复编码', enCode: 'STAFF' }, 409, '角色编码不能重复'],
      [{ fullName: '普通员工', enCode: 'staff2' }, 409, '角色名称不能重复'],
      [{ fullName: '无组织', enCode: 'x3', globalMark: 0 }, 400, '请选择所属组织'],
      [{ fullName: '假组织', enCode: 'x4', globalMark: 0, organizeIds: ['no-such-org'] }, 400, '所属组织不存在'],
      [{ fullName: '排序', enCode: 'x5', sortCode: 1_000_000 }, 400, '排序须为0到999999之间的数字'],
    ];
    for (const [body, code, msg] of cases) expect(await call(suite.admin, 'POST', '/api/permission/Role', body)).toMatchObject({ code, msg });
    expect((await call(suite.admin, 'POST', '/api/permission/Role', { fullName: 'x', enCode: 'y', globalMark: 7 })).code).toBe(400);
    expect(await count()).toBe(before);
    expect(await call(suite.admin, 'GET', '/api/permission/Role/no-such-role')).toMatchObject({ code: 404, msg: '角色不存在' });
    expect((await call(suite.admin, 'PUT', '/api/permission/Role/no-such-role', { fullName: 'a', enCode: 'b' })).code).toBe(404);
    expect((await call(suite.admin, 'DELETE', '/api/permission/Role/no-such-role')).code).toBe(404);
  });

  it('refuses to delete a role users hold, deletes a free one with its grants, and switches the state', async () => {
    const held = await call(suite.admin, 'DELETE', '/api/permission/Role/role-staff');
    expect(held.code).toBe(400);
    expect(held.msg).toMatch(/^该角色下有\d+个用户，不能删除/);
    expect((await call(suite.admin, 'GET', '/api/permission/Role/role-staff')).code).toBe(200);

    const { data } = await call(suite.admin, 'POST', '/api/permission/Role', { fullName: '临时角色', enCode: 'temporary' });
    await call(suite.admin, 'PUT', `/api/permission/Authority/Data/${data.id}`, { objectType: 'Role', module: ['menu-dashboard'] });
    expect(await suite.database.db.selectFrom('base_authorize').select('id').where('object_id', '=', data.id).execute()).toHaveLength(1);
    expect(await call(suite.admin, 'PUT', `/api/permission/Role/${data.id}/Actions/State`)).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(await call(suite.admin, 'PUT', `/api/permission/Role/${data.id}/Actions/State`)).toMatchObject({ code: 200, data: { enabledMark: 1 } });
    expect(await call(suite.admin, 'DELETE', `/api/permission/Role/${data.id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await suite.database.db.selectFrom('base_authorize').select('id').where('object_id', '=', data.id).execute()).toHaveLength(0);
  });

  it('takes a disabled role’s permissions away from its users until it is enabled again', async () => {
    const manager = await suite.tokenOf('zhangwei');
    const pages = async () => (await call(manager, 'GET', '/api/oauth/CurrentUser')).data.routerList.map((p: { enCode: string }) => p.enCode);
    expect(await pages()).toContain('systemData.dictionary');
    await call(suite.admin, 'PUT', '/api/permission/Role/role-lab-manager/Actions/State');
    expect(await pages()).not.toContain('systemData.dictionary');
    await call(suite.admin, 'PUT', '/api/permission/Role/role-lab-manager/Actions/State');
    expect(await pages()).toContain('systemData.dictionary');
  });

  it('answers the picker trees: organisations with their roles as leaves, and 全局 with the global roles', async () => {
    const { data } = await call(suite.admin, 'POST', '/api/permission/Role', { fullName: '光谱组角色', enCode: 'spectroRole', globalMark: 0, organizeIds: ['dept-quality'] });
    const selector = await call(suite.staff, 'GET', '/api/permission/Role/Selector');
    expect(selector.code).toBe(200);
    const list = selector.data.list as any[];
    const global = list[list.length - 1];
    expect(global).toMatchObject({ id: '1', fullName: '全局', onlyId: 'organizeList_0', hasChildren: true, isLeaf: false });
    expect(global.children.map((r: { enCode: string }) => r.enCode)).toEqual(expect.arrayContaining(['staff', 'labManager']));
    expect(global.children[0]).toMatchObject({ type: 'role', isLeaf: true, onlyId: expect.any(String) });
    const company = list.find((n) => n.id === 'org-company');
    expect(company).toMatchObject({ type: 'company', hasChildren: true });
    const quality = company.children.find((n: { id: string }) => n.id === 'dept-quality');
    expect(quality).toMatchObject({ type: 'department', organize: expect.stringContaining('/') });
    expect(quality.children).toEqual([expect.objectContaining({ id: data.id, type: 'role', isLeaf: true, parentId: 'dept-quality', organizeIds: expect.arrayContaining(['dept-quality']) })]);
    // Departments without organisation roles are not in the tree.
    expect(company.children.find((n: { id: string }) => n.id === 'dept-it')).toBeUndefined();

    const byOrg = await call(suite.staff, 'POST', '/api/permission/Role/getListByOrgIds', { organizeIds: ['dept-quality', 'no-such-org'] });
    expect(byOrg.data.list).toEqual([
      expect.objectContaining({ id: 'dept-quality', children: [expect.objectContaining({ id: data.id })] }),
      expect.objectContaining({ id: '0', children: expect.arrayContaining([expect.objectContaining({ enCode: 'staff' })]) }),
    ]);
    expect((await call(suite.staff, 'POST', '/api/permission/Role/getListByOrgIds', { organizeIds: [{ id: 'dept-quality' }] })).code).toBe(400);

    // By permission: the administrator sees all; others only their own organisations' roles, no global node.
    expect((await call(suite.admin, 'GET', '/api/permission/Role/SelectorByPermission')).data.list.at(-1)).toMatchObject({ id: '1' });
    const own = await call(suite.admin, 'POST', '/api/permission/Role', { fullName: '分析部角色', enCode: 'analysisRole', globalMark: 0, organizeIds: ['dept-analysis'] });
    const staffView = (await call(suite.staff, 'GET', '/api/permission/Role/SelectorByPermission')).data.list;
    expect(JSON.stringify(staffView)).not.toContain(data.id);
    expect(JSON.stringify(staffView)).toContain(own.data.id);
    expect(staffView.find((n: { id: string }) => n.id === '1')).toBeUndefined();
  });

  it('keeps the role page and its buttons to those granted them', async () => {
    expect((await call(suite.staff, 'GET', '/api/permission/Role')).code).toBe(403);
    expect((await call(suite.staff, 'GET', '/api/permission/Role/role-staff')).code).toBe(403);
    expect((await call(suite.staff, 'POST', '/api/permission/Role', { fullName: '越权', enCode: 'sneaky' })).code).toBe(403);
    expect((await call(suite.staff, 'PUT', '/api/permission/Role/role-staff/Actions/State')).code).toBe(403);
    expect((await call(suite.staff, 'DELETE', '/api/permission/Role/role-lab-manager')).code).toBe(403);
    expect((await suite.app.inject({ method: 'GET', url: '/api/permission/Role/Selector' })).json().code).toBe(600);
    expect(await suite.database.db.selectFrom('base_role').select('id').where('en_code', '=', 'sneaky').execute()).toHaveLength(0);

    // The permission page lists roles to give them permissions, without the role page's buttons.
    const staffUser = (await suite.database.db.selectFrom('base_user').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow()).id;
    expect(await call(suite.admin, 'PUT', `/api/permission/Authority/Data/${staffUser}`, { objectType: 'User', module: ['menu-permission.authorize'] })).toMatchObject({ code: 200 });
    expect((await call(suite.staff, 'GET', '/api/permission/Role')).code).toBe(200);
    expect((await call(suite.staff, 'GET', '/api/permission/Role/role-staff')).code).toBe(200);
    expect((await call(suite.staff, 'POST', '/api/permission/Role', { fullName: '越权', enCode: 'sneaky' })).code).toBe(403);
    await call(suite.admin, 'PUT', `/api/permission/Authority/Data/${staffUser}`, { objectType: 'User', module: [] });
    expect((await call(suite.staff, 'GET', '/api/permission/Role')).code).toBe(403);
  });
});
