import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/kernel/server/db/id.js';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { testDatabases, TEST_PASSWORDS } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { tokenFor } from '../../support/api/signIn.js';

/**
 * Ways around the user page's permissions found in review: a second property carrying a hidden column or form
 * field, a record or a write by id outside the caller's data scope, the export ignoring column permissions, and an
 * import setting form fields the importer may not set. One user holds a role granted the user page with some
 * buttons, some columns, some form fields and the "own department and below" scheme.
 */
const BASE = '/api/permission/Users';
const MENU = 'permission.user';
const MENU_ID = `menu-${MENU}`;

describe.each(testDatabases())('permission bypasses on the user page, on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const db = () => suite.database.db;
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  let token: string;
  let adminId: string;
  let roleId: string;

  beforeAll(async () => {
    const role = await call(suite.admin, 'POST', '/api/permission/Role', { fullName: '旁路审查角色', enCode: 'bypassReview', globalMark: 1 });
    expect(role.code).toBe(200);
    roleId = role.data.id;
    const { password_hash } = await db().selectFrom('base_user').select('password_hash').where('account', '=', 'staff').executeTakeFirstOrThrow();
    await db()
      .insertInto('base_user')
      .values({ id: 'bp-user', account: 'bypass_user', real_name: '旁路用户', organize_id: 'dept-analysis', position_id: null, gender: 1, mobile: '13900000001', email: 'bp@example.com', password_hash, change_password_date: new Date() })
      .execute();
    await db().insertInto('base_user_relation').values({ id: newId(), user_id: 'bp-user', object_type: 'Role', object_id: roleId }).execute();
    const idOf = async (table: 'base_module_button' | 'base_module_column' | 'base_module_form', enCode: string) =>
      (await db().selectFrom(table).select('id').where('module_id', '=', MENU_ID).where('en_code', '=', enCode).executeTakeFirstOrThrow()).id;
    const items: [string, string][] = [['module', 'menu-permission'], ['module', MENU_ID], ['resource', `scheme-${MENU}-organizeAndSub`]];
    for (const b of ['btn_edit', 'btn_export', 'btn_import', 'btn_resetPassword', 'btn_remove']) items.push(['button', await idOf('base_module_button', b)]);
    // Columns: account and mobile only. Form fields: everything but the memberships, manager and state.
    for (const c of ['account', 'mobilePhone']) items.push(['column', await idOf('base_module_column', c)]);
    for (const f of ['account', 'realName', 'gender', 'mobilePhone', 'email', 'sortCode', 'description']) items.push(['form', await idOf('base_module_form', f)]);
    await db()
      .insertInto('base_authorize')
      .values(items.map(([item_type, item_id]) => ({ id: newId(), item_type, item_id, object_type: 'Role', object_id: roleId })))
      .execute();
    await suite.app.grants.invalidate();
    token = await tokenFor(suite.app, 'bypass_user', TEST_PASSWORDS.demoUser);
    adminId = (await db().selectFrom('base_user').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
  });

  it('strips a hidden column from every property of a list row that carries it (fullName, organizeId)', async () => {
    const answer = await call(token, 'GET', `${BASE}?keyword=bypass_user`);
    expect(answer.code).toBe(200);
    const [row] = answer.data.list;
    expect(row).toMatchObject({ id: 'bp-user', account: 'bypass_user', mobilePhone: '13900000001' });
    expect(row).not.toHaveProperty('realName');
    expect(row).not.toHaveProperty('organize');
    // The same values under other names.
    expect(row).not.toHaveProperty('fullName');
    expect(row).not.toHaveProperty('organizeId');
  });

  it('strips a hidden form field from every property of a record that carries it', async () => {
    const answer = await call(token, 'GET', `${BASE}/bp-user`);
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ id: 'bp-user', account: 'bypass_user', realName: '旁路用户' });
    for (const field of ['organizeId', 'positionId', 'roleId', 'groupId', 'managerId', 'enabledMark']) expect(answer.data).not.toHaveProperty(field);
    for (const alias of ['organizeIdTree', 'organize', 'majorOrganizeId', 'majorPositionId']) expect(answer.data).not.toHaveProperty(alias);
  });

  it('answers a record outside the caller’s data scope as not found, and refuses every write to it', async () => {
    // The administrator sits in 信息技术部, outside 分析测试部 and below.
    expect((await call(token, 'GET', `${BASE}?keyword=admin`)).data.list).toEqual([]);
    const read = await call(token, 'GET', `${BASE}/${adminId}`);
    expect(read.code).toBe(404);
    expect(read.data ?? null).toBeNull();
    const before = await db().selectFrom('base_user').select(['password_hash', 'real_name', 'lock_mark', 'enabled_mark']).where('id', '=', adminId).executeTakeFirstOrThrow();
    const password = hashPasswordForTransport('Bypass@2026');
    expect((await call(token, 'POST', `${BASE}/${adminId}/Actions/ResetPassword`, { userPassword: password, validatePassword: password })).code).toBe(404);
    expect((await call(token, 'PUT', `${BASE}/${adminId}`, { realName: '被改了' })).code).toBe(404);
    expect((await call(token, 'PUT', `${BASE}/${adminId}/Actions/State`, { enabledMark: 0 })).code).toBe(404);
    expect((await call(token, 'PUT', `${BASE}/${adminId}/Actions/unlock`)).code).toBe(404);
    expect((await call(token, 'DELETE', `${BASE}/${adminId}`)).code).toBe(404);
    const after = await db().selectFrom('base_user').select(['password_hash', 'real_name', 'lock_mark', 'enabled_mark']).where('id', '=', adminId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // Inside the scope (another user of 分析测试部) the same calls still work.
    const colleague = await db().selectFrom('base_user').select(['id', 'real_name']).where('account', '=', 'sunhao').executeTakeFirstOrThrow();
    expect((await call(token, 'GET', `${BASE}/${colleague.id}`)).data).toMatchObject({ id: colleague.id, realName: colleague.real_name });
    expect((await call(token, 'PUT', `${BASE}/${colleague.id}`, { realName: colleague.real_name })).code).toBe(200);
    expect((await call(token, 'PUT', `${BASE}/${colleague.id}/Actions/unlock`)).code).toBe(200);
  });

  it('lets no one but an administrator change the administrator’s account, even with every row in scope', async () => {
    const all = { id: newId(), item_type: 'resource', item_id: `scheme-${MENU}-all`, object_type: 'Role', object_id: roleId };
    await db().insertInto('base_authorize').values(all).execute();
    await suite.app.grants.invalidate();
    try {
      expect((await call(token, 'GET', `${BASE}/${adminId}`)).code).toBe(200);
      const before = await db().selectFrom('base_user').select(['password_hash', 'real_name', 'lock_mark', 'enabled_mark']).where('id', '=', adminId).executeTakeFirstOrThrow();
      const password = hashPasswordForTransport('Bypass@2026');
      expect((await call(token, 'POST', `${BASE}/${adminId}/Actions/ResetPassword`, { userPassword: password, validatePassword: password })).code).toBe(403);
      expect((await call(token, 'PUT', `${BASE}/${adminId}`, { realName: '被改了' })).code).toBe(403);
      expect((await call(token, 'PUT', `${BASE}/${adminId}/Actions/State`, { enabledMark: 0 })).code).toBe(403);
      expect((await call(token, 'DELETE', `${BASE}/${adminId}`)).code).toBe(403);
      expect(await db().selectFrom('base_user').select(['password_hash', 'real_name', 'lock_mark', 'enabled_mark']).where('id', '=', adminId).executeTakeFirstOrThrow()).toEqual(before);
    } finally {
      await db().deleteFrom('base_authorize').where('id', '=', all.id).execute();
      await suite.app.grants.invalidate();
    }
  });

  it('leaves ungranted columns out of the .xlsx export', async () => {
    const exported = await call(token, 'GET', `${BASE}/ExportExcel?keyword=bypass_user`);
    expect(exported.code).toBe(200);
    const file = await suite.app.inject({ method: 'GET', url: exported.data.url, headers: { authorization: token } });
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).filter(Boolean).map(String);
    // 排序 is no permission-controlled column of the page, so it stays.
    expect(header).toEqual(['账号', '手机号', '排序']);
    const cells = (sheet.getRow(2).values as unknown[]).map(String);
    expect(cells).toContain('bypass_user');
    expect(cells).not.toContain('旁路用户');
    expect(cells).not.toContain('bp@example.com');
    // Asking for a hidden column by name does not bring it back.
    const asked = await call(token, 'GET', `${BASE}/ExportExcel?keyword=bypass_user&selectKey=realName,email,account`);
    const askedFile = await suite.app.inject({ method: 'GET', url: asked.data.url, headers: { authorization: token } });
    const askedBook = new ExcelJS.Workbook();
    await askedBook.xlsx.load(askedFile.rawPayload as unknown as ArrayBuffer);
    expect((askedBook.worksheets[0].getRow(1).values as unknown[]).filter(Boolean).map(String)).toEqual(['账号']);
  });

  it('refuses import rows that set form fields the importer may not set (roles, position), and imports the rest', async () => {
    // Granted the organisation field (a row cannot do without it), but still not positions or roles.
    const formId = (await db().selectFrom('base_module_form').select('id').where('module_id', '=', MENU_ID).where('en_code', '=', 'organizeId').executeTakeFirstOrThrow()).id;
    await db().insertInto('base_authorize').values({ id: newId(), item_type: 'form', item_id: formId, object_type: 'Role', object_id: roleId }).execute();
    await suite.app.grants.invalidate();
    const organize = (await db().selectFrom('base_organize').select('en_code').where('id', '=', 'dept-analysis').executeTakeFirstOrThrow()).en_code;
    const adminRole = (await db().selectFrom('base_role').select('en_code').where('id', '=', 'role-admin').executeTakeFirstOrThrow()).en_code;
    const answer = await call(token, 'POST', `${BASE}/ImportData`, {
      list: [
        { account: 'bpimportadmin', realName: '导入管理员', organize, role: adminRole },
        { account: 'bpimportplain', realName: '导入普通', organize },
      ],
    });
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ snum: 1, fnum: 1, resultType: 1 });
    expect(answer.data.failResult).toHaveLength(1);
    expect(answer.data.failResult[0]).toMatchObject({ account: 'bpimportadmin', errorsInfo: expect.stringContaining('角色') });
    const created = await db().selectFrom('base_user').select('account').where('account', 'like', 'bpimport%').execute();
    expect(created.map((u) => u.account)).toEqual(['bpimportplain']);
    const roles = await db().selectFrom('base_user_relation as r').innerJoin('base_user as u', 'u.id', 'r.user_id').select('r.object_id').where('u.account', 'like', 'bpimport%').where('r.object_type', '=', 'Role').execute();
    expect(roles).toEqual([]);
  });
});
