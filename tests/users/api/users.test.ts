import { describe, expect, it } from 'vitest';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { newId } from '../../../src/kernel/server/db/id.js';
import { testDatabases, TEST_PASSWORDS } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { signIn } from '../../support/api/signIn.js';

const BASE = '/api/permission/Users';
const MENU_ID = 'menu-permission.user';

describe.each(testDatabases())('user administration and pickers on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const db = () => suite.database.db;
  const userId = async (account: string) => (await db().selectFrom('base_user').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
  const countUsers = async () => Number((await db().selectFrom('base_user').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  /**
   * Grants staff's role the user page (and optionally buttons) directly in SQL: the permission engineer's grant
   * screens are being built beside this work.
   */
  async function grantStaff(buttons: string[] = []) {
    await db().insertInto('base_authorize').values({ id: newId(), item_type: 'module', item_id: MENU_ID, object_type: 'Role', object_id: 'role-staff' }).onConflict((oc) => oc.doNothing()).execute();
    for (const enCode of buttons) {
      let button = await db().selectFrom('base_module_button').select('id').where('module_id', '=', MENU_ID).where('en_code', '=', enCode).executeTakeFirst();
      if (!button) {
        button = { id: newId() };
        await db().insertInto('base_module_button').values({ id: button.id, module_id: MENU_ID, en_code: enCode, full_name: enCode }).execute();
      }
      await db().insertInto('base_authorize').values({ id: newId(), item_type: 'button', item_id: button.id, object_type: 'Role', object_id: 'role-staff' }).onConflict((oc) => oc.doNothing()).execute();
    }
    await suite.app.grants.invalidate();
  }
  /** Gives staff one more kind of grant on the users page: a list column by its code, or a seeded data scheme by id. */
  async function grantStaffItem(itemType: 'column' | 'resource', itemId: string) {
    await db().insertInto('base_authorize').values({ id: newId(), item_type: itemType, item_id: itemId, object_type: 'Role', object_id: 'role-staff' }).onConflict((oc) => oc.doNothing()).execute();
    await suite.app.grants.invalidate();
  }
  const columnId = async (enCode: string) => (await db().selectFrom('base_module_column').select('id').where('module_id', '=', MENU_ID).where('en_code', '=', enCode).executeTakeFirstOrThrow()).id;
  async function revokeStaff() {
    await db().deleteFrom('base_authorize').where('object_type', '=', 'Role').where('object_id', '=', 'role-staff').where((eb) => eb.or([eb('item_id', '=', MENU_ID), eb('item_type', '=', 'button'), eb('item_id', '=', 'scheme-permission.user-all')])).execute();
    await db().deleteFrom('base_authorize').where('object_type', '=', 'Role').where('object_id', '=', 'role-staff').where('item_type', '=', 'column').where('item_id', 'in', db().selectFrom('base_module_column').select('id').where('module_id', '=', MENU_ID)).execute();
    await suite.app.grants.invalidate();
  }

  const newUser = async (overrides: Record<string, unknown> = {}) => ({
    account: 'newcomer1',
    realName: '新同事',
    gender: 1,
    mobilePhone: '13912345678',
    email: 'newcomer1@example.com',
    organizeId: 'dept-analysis,dept-quality',
    positionId: 'pos-analyst,pos-qa',
    roleId: 'role-staff',
    managerId: await userId('zhaolei'),
    sortCode: 5,
    enabledMark: 1,
    description: '测试',
    ...overrides,
  });

  it('lists users with organisation path, positions and roles, filtered by keyword and organisation including sub-organisations', async () => {
    const page = await call(suite.admin, 'GET', `${BASE}?currentPage=1&pageSize=5`);
    expect(page.code).toBe(200);
    expect(page.data.list).toHaveLength(5);
    expect(page.data.pagination).toMatchObject({ currentPage: 1, pageSize: 5, total: await countUsers() });
    const staff = (await call(suite.admin, 'GET', `${BASE}?keyword=staffsub`)).data.list;
    expect(staff).toEqual([
      expect.objectContaining({ account: 'staffsub', organize: '示例检测科技有限公司/分析测试部', position: '检测分析员', roleName: '普通员工', enabledMark: 1, lockMark: 0, headIcon: expect.any(String) }),
    ]);
    const quality = (await call(suite.admin, 'GET', `${BASE}?organizeId=dept-quality&pageSize=100`)).data.list;
    expect(quality.map((u: { account: string }) => u.account).sort()).toEqual(['caolin', 'guoxin', 'hujie', 'mayue', 'zhuting']);
    // Sub-departments count: chromatography and spectroscopy sit below analysis.
    const analysis = (await call(suite.admin, 'GET', `${BASE}?organizeId=dept-analysis&pageSize=100`)).data.list.map((u: { account: string }) => u.account);
    expect(analysis).toEqual(expect.arrayContaining(['staff', 'zhaolei', 'wujun']));
    expect(analysis).not.toContain('mayue');
    const company = (await call(suite.admin, 'GET', `${BASE}?organizeId=org-company&pageSize=100`)).data.pagination.total;
    expect(company).toBe(await countUsers());
    expect((await call(suite.admin, 'GET', `${BASE}?pageSize=abc`)).code).toBe(400);
    expect((await call(suite.staff, 'GET', BASE)).code).toBe(403);
    // The seeded lab head holds the page with "department and below" and no buttons.
    const labHead = await suite.tokenOf('xuyan');
    const seen = (await call(labHead, 'GET', `${BASE}?pageSize=100`)).data.list.map((u: { organizeId: string }) => u.organizeId);
    expect(new Set(seen)).toEqual(new Set(['dept-analysis', 'dept-chromatography', 'dept-spectroscopy']));
    expect((await call(labHead, 'GET', `${BASE}?organizeId=dept-quality`)).data.list).toEqual([]);
    expect((await call(labHead, 'POST', BASE, await newUser())).code).toBe(403);
    expect((await call(labHead, 'GET', `${BASE}/ExportExcel`)).code).toBe(403);
  });

  it('limits the list and the export to the caller’s data scheme: own organisation, own record, none', async () => {
    await grantStaff(['btn_export']);
    // The export follows column permissions too: staff sees the account column only.
    await grantStaffItem('column', await columnId('account'));
    const staffId = await userId('staff');
    const scheme = async (kind: string) => {
      const id = newId();
      await db().insertInto('base_module_data_scheme').values({ id, module_id: MENU_ID, en_code: `test_${kind}`, full_name: kind, kind }).execute();
      return id;
    };
    const organize = await scheme('organize');
    const own = await scheme('own');
    const grant = async (schemeId: string | null) => {
      await db().deleteFrom('base_authorize').where('item_type', '=', 'resource').where('object_id', '=', 'role-staff').execute();
      if (schemeId) await db().insertInto('base_authorize').values({ id: newId(), item_type: 'resource', item_id: schemeId, object_type: 'Role', object_id: 'role-staff' }).execute();
      await suite.app.grants.invalidate();
    };
    try {
      await grant(organize);
      const scoped = (await call(suite.staff, 'GET', `${BASE}?pageSize=100`)).data.list;
      const analysis = await db().selectFrom('base_user').select('id').where('organize_id', '=', 'dept-analysis').execute();
      expect(scoped.map((u: { id: string }) => u.id).sort()).toEqual(analysis.map((u) => u.id).sort());
      expect((await call(suite.staff, 'GET', `${BASE}?organizeId=dept-quality`)).data.list).toEqual([]);
      await grant(own);
      expect((await call(suite.staff, 'GET', `${BASE}?pageSize=100`)).data.list.map((u: { id: string }) => u.id)).toEqual([staffId]);
      // The export keeps to the same scope.
      const exported = await call(suite.staff, 'GET', `${BASE}/ExportExcel`);
      expect(exported.code).toBe(200);
      const file = await suite.app.inject({ method: 'GET', url: exported.data.url, headers: { authorization: suite.staff } });
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet.rowCount).toBe(2);
      expect(sheet.getRow(1).getCell(1).text).toBe('账号');
      expect(sheet.getRow(2).getCell(1).text).toBe('staff');
      await grant(null);
      expect((await call(suite.staff, 'GET', BASE)).data).toMatchObject({ list: [], pagination: { total: 0 } });
      // The administrator's export holds everyone.
      const all = await call(suite.admin, 'GET', `${BASE}/ExportExcel?keyword=zhang`);
      const adminFile = await suite.app.inject({ method: 'GET', url: all.data.url, headers: { authorization: suite.admin } });
      const adminBook = new ExcelJS.Workbook();
      await adminBook.xlsx.load(adminFile.rawPayload as unknown as ArrayBuffer);
      expect(adminBook.worksheets[0].getRow(2).getCell(1).text).toBe('zhangwei');
    } finally {
      await grant(null);
      await db().deleteFrom('base_module_data_scheme').where('id', 'in', [organize, own]).execute();
      await revokeStaff();
    }
  });

  it('creates, reads, updates and deletes a user with memberships, main organisation and position', async () => {
    const created = await call(suite.admin, 'POST', BASE, await newUser({ userPassword: hashPasswordForTransport('Welcome123') }));
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data.id;
    const info = (await call(suite.admin, 'GET', `${BASE}/${id}`)).data;
    expect(info).toMatchObject({
      account: 'newcomer1', realName: '新同事', mobilePhone: '13912345678', organizeId: 'dept-analysis,dept-quality', majorOrganizeId: 'dept-analysis',
      positionId: 'pos-analyst,pos-qa', majorPositionId: 'pos-analyst', roleId: 'role-staff', organizeIdTree: [['org-company', 'dept-analysis'], ['org-company', 'dept-quality']],
    });
    expect((await signIn(suite.app, 'newcomer1', 'Welcome123')).code).toBe(200);
    const listed = (await call(suite.admin, 'GET', `${BASE}?keyword=newcomer1`)).data.list[0];
    expect(listed).toMatchObject({ organize: '示例检测科技有限公司/分析测试部,示例检测科技有限公司/质量保证部', position: '检测分析员,质量专员', roleName: '普通员工' });

    const updated = await call(suite.admin, 'PUT', `${BASE}/${id}`, await newUser({ realName: '新同事二', organizeId: 'dept-quality', positionId: 'pos-qa', roleId: '', majorOrganizeId: 'dept-quality' }));
    expect(updated).toMatchObject({ code: 200 });
    const after = (await call(suite.admin, 'GET', `${BASE}/${id}`)).data;
    expect(after).toMatchObject({ realName: '新同事二', organizeId: 'dept-quality', positionId: 'pos-qa', roleId: '' });

    // A field left out keeps its value: only the name changes.
    expect(await call(suite.admin, 'PUT', `${BASE}/${id}`, { realName: '只改姓名' })).toMatchObject({ code: 200 });
    // Organisations as a picker stores them in multiple mode: one path each.
    expect(await call(suite.admin, 'PUT', `${BASE}/${id}`, { organizeId: [['org-company', 'dept-quality']], positionId: ['pos-qa'] })).toMatchObject({ code: 200 });
    expect((await call(suite.admin, 'GET', `${BASE}/${id}`)).data).toMatchObject({ realName: '只改姓名', organizeId: 'dept-quality', positionId: 'pos-qa', mobilePhone: '13912345678' });

    // Form permissions: staff with the edit button but no form fields may set none of them, nor reach the
    // organisations through JNPF's organizeIdTree, which is not read.
    await grantStaff(['btn_edit']);
    // Records by id stay inside the caller's data scope: staff sees everyone here.
    await grantStaffItem('resource', 'scheme-permission.user-all');
    try {
      expect(await call(suite.staff, 'PUT', `${BASE}/${id}`, { roleId: 'role-admin' })).toMatchObject({ code: 403 });
      expect(await call(suite.staff, 'PUT', `${BASE}/${id}`, { organizeIdTree: [['org-company', 'dept-it']] })).toMatchObject({ code: 200 });
      expect((await call(suite.admin, 'GET', `${BASE}/${id}`)).data).toMatchObject({ organizeId: 'dept-quality', roleId: '' });
    } finally {
      await revokeStaff();
    }

    expect(await call(suite.admin, 'DELETE', `${BASE}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call(suite.admin, 'GET', `${BASE}/${id}`)).code).toBe(404);
    expect(await db().selectFrom('base_user_relation').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });

  it('refuses bad users and changes nothing', async () => {
    const before = await countUsers();
    const refusals: [Record<string, unknown>, number, string | RegExp][] = [
      [{ account: 'STAFF' }, 400, '账号 STAFF 已存在'],
      [{ account: 'bad account!' }, 400, '账号只能输入字母和数字'],
      // Spec 000 §5: letters and digits only, so no underscore either.
      [{ account: 'lab_user' }, 400, '账号只能输入字母和数字'],
      [{ account: 'a'.repeat(51) }, 400, /account/],
      [{ realName: '' }, 400, /realName/],
      [{ realName: '名'.repeat(51) }, 400, /realName/],
      [{ mobilePhone: '12345' }, 400, '手机号码格式不正确'],
      [{ email: 'not-an-email' }, 400, '邮箱格式不正确'],
      [{ organizeId: '' }, 400, '请选择所属组织'],
      [{ organizeId: 'dept-nowhere' }, 400, '组织不存在：dept-nowhere'],
      [{ positionId: 'pos-nowhere' }, 400, '岗位不存在：pos-nowhere'],
      [{ positionId: 'pos-buyer' }, 400, /不属于所选组织/],
      [{ roleId: 'role-nowhere' }, 400, '角色不存在：role-nowhere'],
      [{ groupId: 'group-nowhere' }, 400, '分组不存在：group-nowhere'],
      [{ managerId: 'nobody' }, 400, '直属主管不存在'],
      [{ sortCode: 1_000_000 }, 400, /排序/],
      [{ description: 'x'.repeat(501) }, 400, /description/],
      [{ userPassword: 'plain-text' }, 400, /MD5/],
    ];
    for (const [change, code, msg] of refusals) {
      const answer = await call(suite.admin, 'POST', BASE, await newUser(change));
      expect(answer.code, JSON.stringify(change)).toBe(code);
      expect(answer.msg, JSON.stringify(change)).toMatch(msg);
    }
    expect(await countUsers()).toBe(before);
    // Staff holds no button on the user page: refused before anything is read.
    expect(await call(suite.staff, 'POST', BASE, await newUser())).toMatchObject({ code: 403 });
    const target = await userId('sunhao');
    expect(await call(suite.staff, 'PUT', `${BASE}/${target}`, await newUser({ account: 'sunhao' }))).toMatchObject({ code: 403 });
    expect(await call(suite.staff, 'DELETE', `${BASE}/${target}`)).toMatchObject({ code: 403 });
    expect(await countUsers()).toBe(before);
    // A manager loop is refused on update.
    const zhangwei = await userId('zhangwei');
    const liuyang = await userId('liuyang');
    const loop = await call(suite.admin, 'PUT', `${BASE}/${zhangwei}`, { account: 'zhangwei', realName: '张伟', organizeId: 'dept-office', positionId: 'pos-manager', managerId: liuyang });
    expect(loop).toMatchObject({ code: 400, msg: '直属主管不能是自己的下属' });
  });

  it('refuses to delete the administrator, oneself, a department head and a manager', async () => {
    const admin = await userId('admin');
    expect(await call(suite.admin, 'DELETE', `${BASE}/${admin}`)).toMatchObject({ code: 400, msg: '不能删除管理员账号' });
    expect(await call(suite.admin, 'DELETE', `${BASE}/${await userId('liuyang')}`)).toMatchObject({ code: 400, msg: /直属主管/ });
    const head = await userId('sunhao');
    const previous = (await db().selectFrom('base_organize').select('manager_id').where('id', '=', 'dept-analysis').executeTakeFirstOrThrow()).manager_id;
    await db().updateTable('base_organize').set({ manager_id: head }).where('id', '=', 'dept-analysis').execute();
    try {
      expect(await call(suite.admin, 'DELETE', `${BASE}/${head}`)).toMatchObject({ code: 400, msg: /分析测试部/ });
    } finally {
      await db().updateTable('base_organize').set({ manager_id: previous }).where('id', '=', 'dept-analysis').execute();
    }
    expect((await call(suite.admin, 'GET', `${BASE}/${head}`)).code).toBe(200);
    expect(await call(suite.admin, 'DELETE', `${BASE}/${await userId('staff')}`)).toMatchObject({ code: 400, msg: /子账号/ });
    await grantStaff(['btn_remove']);
    try {
      expect(await call(suite.staff, 'DELETE', `${BASE}/${await userId('staff')}`)).toMatchObject({ code: 400, msg: '不能删除自己' });
    } finally {
      await revokeStaff();
    }
    expect((await call(suite.admin, 'DELETE', `${BASE}/nobody`)).code).toBe(404);
  });

  it('disables a user, ending their sessions, and refuses to disable the administrator', async () => {
    const token = await suite.tokenOf('wujun');
    const id = await userId('wujun');
    expect(await call(suite.admin, 'PUT', `${BASE}/${id}/Actions/State`)).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect((await call(token, 'GET', '/api/oauth/CurrentUser')).code).toBe(601);
    expect((await signIn(suite.app, 'wujun', TEST_PASSWORDS.demoUser)).code).not.toBe(200);
    expect(await call(suite.admin, 'PUT', `${BASE}/${id}/Actions/State`, { enabledMark: 1 })).toMatchObject({ code: 200, data: { enabledMark: 1 } });
    expect((await signIn(suite.app, 'wujun', TEST_PASSWORDS.demoUser)).code).toBe(200);
    expect(await call(suite.admin, 'PUT', `${BASE}/${await userId('admin')}/Actions/State`)).toMatchObject({ code: 400, msg: '不能禁用管理员账号' });
    expect(await call(suite.staff, 'PUT', `${BASE}/${id}/Actions/State`)).toMatchObject({ code: 403 });
    expect((await db().selectFrom('base_user').select('enabled_mark').where('id', '=', id).executeTakeFirstOrThrow()).enabled_mark).toBe(1);
  });

  it('unlocks an account: the lock mark and the failed sign-ins that locked it', async () => {
    const id = await userId('xuyan');
    for (let i = 0; i < 10; i += 1) await db().insertInto('auth_login_attempt').values({ account: 'xuyan', ip: '10.9.9.9', succeeded: 0 }).execute();
    await db().updateTable('base_user').set({ lock_mark: 1 }).where('id', '=', id).execute();
    expect((await signIn(suite.app, 'xuyan', TEST_PASSWORDS.demoUser)).code).toBe(429);
    expect(await call(suite.staff, 'PUT', `${BASE}/${id}/Actions/unlock`)).toMatchObject({ code: 403 });
    expect(await call(suite.admin, 'PUT', `${BASE}/${id}/Actions/unlock`)).toMatchObject({ code: 200, msg: '解锁成功' });
    expect((await db().selectFrom('base_user').select('lock_mark').where('id', '=', id).executeTakeFirstOrThrow()).lock_mark).toBe(0);
    expect((await signIn(suite.app, 'xuyan', TEST_PASSWORDS.demoUser)).code).toBe(200);
    // The mark alone (the timed lock over) still refuses, in the caller's language.
    await db().updateTable('base_user').set({ lock_mark: 1 }).where('id', '=', id).execute();
    expect(await signIn(suite.app, 'xuyan', TEST_PASSWORDS.demoUser)).toMatchObject({ code: 400, msg: '账号已被锁定，请联系管理员解锁' });
    expect(await call(suite.admin, 'PUT', `${BASE}/${id}/Actions/unlock`)).toMatchObject({ code: 200 });
    expect((await signIn(suite.app, 'xuyan', TEST_PASSWORDS.demoUser)).code).toBe(200);
  });

  it('takes a lost role or a disabled position away at once: the next CurrentUser and a write needing its button', async () => {
    const id = await userId('xuyan');
    const token = await suite.tokenOf('xuyan');
    const addButton = (await db().selectFrom('base_module_button').select('id').where('module_id', '=', MENU_ID).where('en_code', '=', 'btn_add').executeTakeFirstOrThrow()).id;
    const grantTo = async (objectType: 'Role' | 'Position', objectId: string) => {
      for (const [itemType, itemId] of [['module', MENU_ID], ['button', addButton]] as const) {
        await db().insertInto('base_authorize').values({ id: newId(), item_type: itemType, item_id: itemId, object_type: objectType, object_id: objectId }).onConflict((oc) => oc.doNothing()).execute();
      }
      await suite.app.grants.invalidate();
    };
    const buttonsOnUserPage = async () => {
      const { permissionList } = (await call(token, 'GET', '/api/oauth/CurrentUser')).data;
      return (permissionList.find((p: { modelId: string }) => p.modelId === MENU_ID)?.button ?? []).map((b: { enCode: string }) => b.enCode);
    };
    // A body the schema refuses: a caller holding btn_add gets 400, one without gets 403, and nothing is written.
    const tryAdd = async () => (await call(token, 'POST', BASE, { account: '' })).code;
    const before = await db().selectFrom('base_user').select(['organize_id', 'position_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const heldRoles = (await call(suite.admin, 'GET', `${BASE}/${id}`)).data.roleId;

    await grantTo('Role', 'role-procurement');
    expect(await call(suite.admin, 'PUT', `${BASE}/${id}`, { roleId: 'role-procurement' })).toMatchObject({ code: 200 });
    expect(await buttonsOnUserPage()).toContain('btn_add');
    expect(await tryAdd()).not.toBe(403);
    expect(await call(suite.admin, 'PUT', `${BASE}/${id}`, { roleId: '' })).toMatchObject({ code: 200 });
    expect(await buttonsOnUserPage()).not.toContain('btn_add');
    expect(await tryAdd()).toBe(403);

    await grantTo('Position', before.position_id!);
    expect(await tryAdd()).not.toBe(403);
    expect(await call(suite.admin, 'PUT', `/api/permission/Position/${before.position_id}/Actions/State`)).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(await buttonsOnUserPage()).not.toContain('btn_add');
    expect(await tryAdd()).toBe(403);
    expect(await call(suite.admin, 'PUT', `/api/permission/Position/${before.position_id}/Actions/State`)).toMatchObject({ code: 200, data: { enabledMark: 1 } });
    expect(await tryAdd()).not.toBe(403);
    await db().deleteFrom('base_authorize').where('object_id', 'in', ['role-procurement', before.position_id!]).where('item_id', 'in', [MENU_ID, addButton]).execute();
    expect(await call(suite.admin, 'PUT', `${BASE}/${id}`, { roleId: heldRoles })).toMatchObject({ code: 200 });
  });

  it('resets a password: both fields must agree, the old sessions end, and a user without the button is refused', async () => {
    const id = await userId('dengchao');
    const token = await suite.tokenOf('dengchao');
    const fresh = hashPasswordForTransport('Fresh12345');
    expect(await call(suite.admin, 'POST', `${BASE}/${id}/Actions/ResetPassword`, { userPassword: fresh, validatePassword: hashPasswordForTransport('Other12345') })).toMatchObject({ code: 400, msg: '两次输入的密码不一致' });
    expect(await call(suite.admin, 'POST', `${BASE}/${id}/Actions/ResetPassword`, { userPassword: 'Fresh12345', validatePassword: 'Fresh12345' })).toMatchObject({ code: 400 });
    expect(await call(suite.staff, 'POST', `${BASE}/${id}/Actions/ResetPassword`, { userPassword: fresh, validatePassword: fresh })).toMatchObject({ code: 403 });
    expect((await signIn(suite.app, 'dengchao', TEST_PASSWORDS.demoUser)).code).toBe(200);
    expect(await call(suite.admin, 'POST', `${BASE}/${id}/Actions/ResetPassword`, { userPassword: fresh, validatePassword: fresh })).toMatchObject({ code: 200 });
    expect((await call(token, 'GET', '/api/oauth/CurrentUser')).code).toBe(601);
    expect((await signIn(suite.app, 'dengchao', 'Fresh12345')).code).toBe(200);
    expect((await signIn(suite.app, 'dengchao', TEST_PASSWORDS.demoUser)).code).not.toBe(200);
  });

  it('answers the picker calls to any signed-in user', async () => {
    const staff = suite.staff;
    const all = (await call(staff, 'GET', `${BASE}/All`)).data.list;
    expect(all.length).toBeGreaterThan(20);
    expect(all[0]).toMatchObject({ id: expect.any(String), fullName: expect.stringContaining('/'), type: 'user', headIcon: expect.any(String), organize: expect.any(String) });

    const tree = (await call(staff, 'GET', `${BASE}/Selector`)).data.list;
    expect(tree[0]).toMatchObject({ id: 'org-company', type: 'company', hasChildren: true });
    const quality = tree[0].children.find((n: { id: string }) => n.id === 'dept-quality');
    expect(quality.children.map((n: { account: string }) => n.account).sort()).toEqual(['caolin', 'guoxin', 'hujie', 'mayue', 'zhuting']);

    const top = (await call(staff, 'POST', `${BASE}/ImUser/Selector/0`, {})).data;
    expect(top.list).toEqual([expect.objectContaining({ id: 'org-company', type: 'company', organize: '示例检测科技有限公司', organizeIds: ['org-company'], hasChildren: true })]);
    const departments = (await call(staff, 'POST', `${BASE}/ImUser/Selector/org-company`, {})).data;
    expect(departments.list.every((n: { type: string }) => n.type === 'department')).toBe(true);
    const page1 = (await call(staff, 'POST', `${BASE}/ImUser/Selector/dept-quality`, { currentPage: 1, pageSize: 3 })).data;
    const page2 = (await call(staff, 'POST', `${BASE}/ImUser/Selector/dept-quality`, { currentPage: 2, pageSize: 3 })).data;
    expect(page1.pagination.total).toBe(5);
    expect(page1.list).toHaveLength(3);
    expect(page2.list).toHaveLength(2);
    expect(new Set([...page1.list, ...page2.list].map((u: { id: string }) => u.id)).size).toBe(5);
    const search = (await call(staff, 'POST', `${BASE}/ImUser/Selector/0`, { keyword: '马悦' })).data.list;
    expect(search).toEqual([expect.objectContaining({ account: 'mayue', type: 'user', organize: '示例检测科技有限公司/质量保证部' })]);

    const ids = [await userId('mayue'), await userId('zhaolei')];
    const named = (await call(staff, 'POST', `${BASE}/getUserList`, { userId: [...ids, 'nobody'] })).data.list;
    expect(named.map((u: { account: string }) => u.account)).toEqual(['mayue', 'zhaolei']);

    const head = await suite.tokenOf('mayue');
    const reports = (await call(head, 'POST', `${BASE}/getSubordinates`, { keyword: '' })).data.list;
    expect(reports.map((u: { account: string }) => u.account).sort()).toEqual(['caolin', 'guoxin', 'hujie', 'zhuting']);
    expect((await call(head, 'POST', `${BASE}/getSubordinates`, { keyword: '朱' })).data.list.map((u: { account: string }) => u.account)).toEqual(['zhuting']);

    const mine = (await call(staff, 'GET', `${BASE}/getOrganization?organizeId=0`)).data.list;
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((u: { organizeId: string }) => u.organizeId === 'dept-analysis')).toBe(true);

    const buyers = await db().selectFrom('base_user').select('account').where('position_id', '=', 'pos-buyer').execute();
    expect((await call(staff, 'GET', `${BASE}/GetUsersByPositionId?positionId=pos-buyer`)).data.list.map((u: { account: string }) => u.account).sort()).toEqual(buyers.map((u) => u.account).sort());
    const managerRows = await db().selectFrom('base_user_relation as r').innerJoin('base_user as u', 'u.id', 'r.user_id').select('u.account').where('r.object_type', '=', 'Role').where('r.object_id', '=', 'role-lab-manager').execute();
    const labManagers = (await call(staff, 'GET', `${BASE}/GetUsersByRoleOrgId?roleId=role-lab-manager`)).data.list;
    expect(labManagers.map((u: { account: string }) => u.account).sort()).toEqual(managerRows.map((u) => u.account).sort());
    expect(labManagers.length).toBeGreaterThan(1);
    expect((await call(staff, 'GET', `${BASE}/GetUsersByRoleOrgId?roleId=role-lab-manager&organizeId=dept-quality`)).data.list.map((u: { account: string }) => u.account)).toEqual(['mayue']);

    const condition = (await call(staff, 'POST', `${BASE}/UserCondition`, { departIds: ['dept-it'], positionIds: ['pos-buyer'], userIds: [ids[0]], currentPage: 1, pageSize: 50 })).data;
    const expected = await db().selectFrom('base_user').select('id').where('enabled_mark', '=', 1).where((eb) => eb.or([eb('organize_id', '=', 'dept-it'), eb('position_id', '=', 'pos-buyer'), eb('id', '=', ids[0])])).execute();
    expect(condition.pagination.total).toBe(expected.length);
    expect(condition.list.map((u: { id: string }) => u.id).sort()).toEqual(expected.map((u) => u.id).sort());
    expect((await call(staff, 'POST', `${BASE}/UserCondition`, {})).data.list).toEqual([]);

    // GetListByAuthorize keeps to the caller's data scheme on the user page: the lab head (department and below)
    // sees the analysis department's tree, staff (no scheme) nobody, the administrator everyone asked for.
    const authorized = (await call(suite.admin, 'POST', `${BASE}/GetListByAuthorize/dept-procurement`, { keyword: '', currentPage: 1, pageSize: 2 })).data;
    expect(authorized.pagination.total).toBe((await db().selectFrom('base_user').select('id').where('organize_id', '=', 'dept-procurement').execute()).length);
    expect(authorized.list).toHaveLength(2);
    const labHead = await suite.tokenOf('xuyan');
    const analysisTree = (await call(labHead, 'POST', `${BASE}/GetListByAuthorize/0`, { pageSize: 100 })).data.list.map((u: { organizeId: string }) => u.organizeId);
    expect(new Set(analysisTree)).toEqual(new Set(['dept-analysis', 'dept-chromatography', 'dept-spectroscopy']));
    expect((await call(labHead, 'POST', `${BASE}/GetListByAuthorize/dept-quality`, {})).data.list).toEqual([]);
    expect((await call(staff, 'POST', `${BASE}/GetListByAuthorize/0`, {})).data.pagination.total).toBe(0);

    const labels = (await call(staff, 'POST', `${BASE}/getSelectedList`, { userId: ['dept-quality--department', `${ids[1]}--user`, 'role-staff--role', 'pos-qa', 'missing--user'] })).data.list;
    expect(labels).toEqual([
      expect.objectContaining({ id: 'dept-quality--department', fullName: '质量保证部', type: 'department', organize: '示例检测科技有限公司/质量保证部' }),
      expect.objectContaining({ id: `${ids[1]}--user`, fullName: '赵磊/zhaolei', type: 'user' }),
      expect.objectContaining({ id: 'role-staff--role', fullName: '普通员工', type: 'role' }),
      expect.objectContaining({ id: 'pos-qa', fullName: '质量专员', type: 'position' }),
    ]);
    const selected = (await call(staff, 'POST', `${BASE}/getSelectedUserList`, { userId: ['dept-quality--department', `${ids[1]}--user`], currentPage: 1, pageSize: 3 })).data;
    expect(selected.pagination.total).toBe(6);
    expect(selected.list).toHaveLength(3);
    expect((await call(staff, 'POST', `${BASE}/getListByParam`, { keyword: 'zhang' })).data.list.map((u: { account: string }) => u.account)).toContain('zhangwei');

    const byId = (await call(staff, 'GET', `${BASE}/getUserById/${ids[0]}`)).data;
    expect(byId).toMatchObject({ account: 'mayue', realName: '马悦', organizeId: 'dept-quality', companyId: 'org-company', department: '质量保证部', fillProject: expect.any(Number) });
    expect((await call(staff, 'GET', `${BASE}/getUserById/nobody`)).code).toBe(404);
    expect((await call(staff, 'GET', `${BASE}/ImUser?keyword=mayue`)).data.list).toEqual([expect.objectContaining({ account: 'mayue', department: '示例检测科技有限公司/质量保证部' })]);
    expect((await call(staff, 'POST', `${BASE}/getUserList`, { userId: [{ id: 1 }] })).code).toBe(400);
  });

  it('switches the main organisation only to one the user belongs to', async () => {
    const id = await userId('hujie');
    await call(suite.admin, 'PUT', `${BASE}/${id}`, { account: 'hujie', realName: '胡杰', organizeId: 'dept-quality,dept-research', positionId: 'pos-qa,pos-researcher', managerId: await userId('mayue') });
    const token = await suite.tokenOf('hujie');
    const organizes = (await call(token, 'GET', `${BASE}/Current/getUserOrganizes`)).data;
    expect(organizes).toEqual([
      { id: 'dept-quality', fullName: '示例检测科技有限公司/质量保证部', isDefault: true },
      { id: 'dept-research', fullName: '示例检测科技有限公司/研发中心', isDefault: false },
    ]);
    expect((await call(token, 'GET', `${BASE}/Current/getUserPositions`)).data).toHaveLength(2);
    expect(await call(token, 'PUT', `${BASE}/Current/major`, { majorId: 'dept-research', majorType: 'Organize' })).toMatchObject({ code: 200 });
    expect(await call(token, 'PUT', `${BASE}/Current/major`, { majorId: 'pos-researcher', majorType: 'Position' })).toMatchObject({ code: 200 });
    expect(await call(token, 'PUT', `${BASE}/Current/major`, { majorId: 'dept-it', majorType: 'Organize' })).toMatchObject({ code: 400 });
    const row = await db().selectFrom('base_user').select(['organize_id', 'position_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ organize_id: 'dept-research', position_id: 'pos-researcher' });
  });

  // The administrators tab of the system configuration screen: the flag is the users module's.
  it('lists and sets the administrators; only an administrator may, and the built-in one stays', async () => {
    const admins = (await call(suite.admin, 'GET', '/api/system/SysConfig/getAdminList')).data;
    expect(admins.map((a: { account: string }) => a.account)).toEqual(['admin']);
    expect((await call(suite.admin, 'PUT', '/api/system/SysConfig/setAdminList', { adminIds: ['user-zhangwei'] })).code).toBe(200);
    const after = (await call(suite.admin, 'GET', '/api/system/SysConfig/getAdminList')).data.map((a: { account: string }) => a.account).sort();
    expect(after).toEqual(['admin', 'zhangwei']);
    const zhangwei = await suite.tokenOf('zhangwei');
    expect((await call(zhangwei, 'GET', '/api/system/Log')).code).toBe(200);
    expect((await call(suite.admin, 'PUT', '/api/system/SysConfig/setAdminList', { adminIds: ['no-such-user'] })).msg).toBe('用户不存在或已停用');
    expect((await call(suite.admin, 'PUT', '/api/system/SysConfig/setAdminList', { adminIds: [] })).code).toBe(200);
    expect((await call(zhangwei, 'GET', '/api/system/Log')).code).toBe(403);
    expect((await call(suite.staff, 'PUT', '/api/system/SysConfig/setAdminList', { adminIds: ['user-staff'] })).code).toBe(403);
  });
});
