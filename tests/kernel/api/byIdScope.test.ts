import { beforeAll, describe, expect, it } from 'vitest';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { newId } from '../../../src/kernel/server/db/id.js';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { grantButton } from '../../support/grants.js';

/**
 * Data scope on calls by id (spec 000 §6): what a manager may read, edit, switch, delete or create on the
 * organisation, department, position, group and user pages is what their scoped lists show. staff (分析测试部) gets
 * every button of those pages and the scheme "own department and below" on the organisation-based ones; the group
 * page, whose groups belong to no organisation, gets a custom scheme (work groups only). A record outside answers
 * as an unknown id (404) and changes nothing; a write that would leave its record outside is refused (403).
 */
const ORGANIZE = '/api/permission/Organize';
const DEPARTMENT = `${ORGANIZE}/Department`;
const POSITION = '/api/permission/Position';
const GROUP = '/api/permission/Group';
const USERS = '/api/permission/Users';
const ORGANISATION_PAGES = ['permission.organize', 'permission.department', 'permission.position', 'permission.user'];
const OUTSIDE = { code: 403, msg: '保存后的数据将超出您的数据权限范围' };

describe.each(testDatabases())('data scope on calls by id on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = suite.call;
  const db = () => suite.database.db;
  const count = async (table: 'base_organize' | 'base_position' | 'base_group' | 'base_user') => (await db().selectFrom(table).select('id').execute()).length;

  /** What the permission screens do: a data scheme on a menu page, granted with the page to staff's role. */
  async function grantScheme(menu: string, kind: string, conditions?: object[]) {
    const schemeId = newId();
    const condition_json = conditions ? JSON.stringify(conditions) : null;
    await db().insertInto('base_module_data_scheme').values({ id: schemeId, module_id: `menu-${menu}`, en_code: `scope${schemeId.slice(0, 8)}`, full_name: kind, kind, condition_json }).execute();
    for (const [item_type, item_id] of [['module', `menu-${menu}`], ['resource', schemeId]]) {
      await db().insertInto('base_authorize').values({ id: newId(), item_type, item_id, object_type: 'Role', object_id: 'role-staff' }).execute();
    }
  }

  beforeAll(async () => {
    for (const menu of ORGANISATION_PAGES) await grantScheme(menu, 'organizeAndSub');
    await grantScheme('permission.group', 'custom', [{ field: 'type', op: '==', value: 'workGroup' }]);
    for (const menu of [...ORGANISATION_PAGES, 'permission.group']) {
      for (const button of ['btn_add', 'btn_edit', 'btn_remove']) await grantButton(db(), 'staff', menu, button);
    }
    await grantButton(db(), 'staff', 'permission.user', 'btn_resetPassword');
    // The user page has form permissions: every field of its form.
    const fields = await db().selectFrom('base_module_form').select('id').where('module_id', '=', 'menu-permission.user').execute();
    for (const { id } of fields) await db().insertInto('base_authorize').values({ id: newId(), item_type: 'form', item_id: id, object_type: 'Role', object_id: 'role-staff' }).execute();
    await suite.app.grants.invalidate();
  });

  /** Every by-id call of a record outside the scope answers 404 and leaves the record as the administrator reads it. */
  async function expectUnreachable(base: string, id: string, body: object) {
    const before = (await call(suite.admin, 'GET', `${base}/${id}`)).data;
    expect(before).toBeTruthy();
    expect((await call(suite.staff, 'GET', `${base}/${id}`)).code, `GET ${base}/${id}`).toBe(404);
    expect((await call(suite.staff, 'PUT', `${base}/${id}`, body)).code, `PUT ${base}/${id}`).toBe(404);
    expect((await call(suite.staff, 'PUT', `${base}/${id}/Actions/State`)).code, `State ${base}/${id}`).toBe(404);
    expect((await call(suite.staff, 'DELETE', `${base}/${id}`)).code, `DELETE ${base}/${id}`).toBe(404);
    expect((await call(suite.admin, 'GET', `${base}/${id}`)).data).toEqual(before);
  }

  it('reads, edits, switches and deletes organisations and departments inside the scope only', async () => {
    await expectUnreachable(ORGANIZE, 'dept-quality', { parentId: 'org-company', fullName: '改名', enCode: 'D04' });
    await expectUnreachable(DEPARTMENT, 'dept-quality', { parentId: 'org-company', fullName: '改名', enCode: 'D04' });
    await expectUnreachable(ORGANIZE, 'org-company', { parentId: '-1', fullName: '改名', enCode: 'DemoLab' });
    const english = await suite.app.inject({ method: 'GET', url: `${DEPARTMENT}/dept-quality`, headers: { authorization: suite.staff, 'accept-language': 'en' } });
    expect(english.json()).toMatchObject({ code: 404, msg: 'No such department' });

    // Their own department: read, edited in place (its parent, the company, stays outside the scope), switched.
    expect((await call(suite.staff, 'GET', `${DEPARTMENT}/dept-analysis`)).data).toMatchObject({ fullName: '分析测试部', parentId: 'org-company' });
    expect(await call(suite.staff, 'PUT', `${DEPARTMENT}/dept-analysis`, { parentId: 'org-company', fullName: '分析测试部', enCode: 'D03', managerId: 'user-xuyan', description: '检测' })).toMatchObject({ code: 200 });
    expect((await call(suite.admin, 'GET', `${DEPARTMENT}/dept-analysis`)).data.description).toBe('检测');
    expect((await call(suite.staff, 'PUT', `${ORGANIZE}/dept-chromatography/Actions/State`)).data.enabledMark).toBe(0);
    expect((await call(suite.staff, 'PUT', `${DEPARTMENT}/dept-chromatography/Actions/State`)).data.enabledMark).toBe(1);

    // A sub-department under their department: created, seen, deleted; none under another one or at the top.
    const before = await count('base_organize');
    expect(await call(suite.staff, 'POST', DEPARTMENT, { parentId: 'dept-quality', fullName: '外部组', enCode: 'Outside1' })).toMatchObject(OUTSIDE);
    expect(await call(suite.staff, 'POST', ORGANIZE, { parentId: '-1', fullName: '外部公司', enCode: 'Outside2' })).toMatchObject(OUTSIDE);
    expect(await count('base_organize')).toBe(before);
    const created = await call(suite.staff, 'POST', DEPARTMENT, { parentId: 'dept-spectroscopy', fullName: '拉曼组', enCode: 'D030201' });
    expect(created.code).toBe(200);
    expect((await call(suite.staff, 'GET', `${DEPARTMENT}/${created.data.id}`)).data).toMatchObject({ fullName: '拉曼组', parentId: 'dept-spectroscopy' });
    // Nor moved out from under it.
    expect(await call(suite.staff, 'PUT', `${DEPARTMENT}/${created.data.id}`, { parentId: 'dept-quality', fullName: '拉曼组', enCode: 'D030201' })).toMatchObject(OUTSIDE);
    expect((await call(suite.admin, 'GET', `${DEPARTMENT}/${created.data.id}`)).data.parentId).toBe('dept-spectroscopy');
    expect(await call(suite.staff, 'DELETE', `${DEPARTMENT}/${created.data.id}`)).toMatchObject({ code: 200 });
    expect(await count('base_organize')).toBe(before);
  });

  it('reads, edits, switches and deletes positions inside the scope only, and creates none outside it', async () => {
    await expectUnreachable(POSITION, 'pos-qa', { organizeId: 'dept-quality', fullName: '改名', enCode: 'P04' });
    expect((await call(suite.staff, 'GET', `${POSITION}/pos-chromatography`)).data).toMatchObject({ fullName: '色谱分析员', organizeId: 'dept-chromatography' });

    const before = await count('base_position');
    expect(await call(suite.staff, 'POST', POSITION, { organizeId: 'dept-quality', fullName: '外部岗位', enCode: 'P90' })).toMatchObject(OUTSIDE);
    const english = await suite.app.inject({ method: 'POST', url: POSITION, headers: { authorization: suite.staff, 'accept-language': 'en' }, payload: { organizeId: 'dept-quality', fullName: 'Outside', enCode: 'P90' } });
    expect(english.json()).toMatchObject({ code: 403, msg: 'Once saved, this record would be outside your data scope' });
    expect(await count('base_position')).toBe(before);
    const created = await call(suite.staff, 'POST', POSITION, { organizeId: 'dept-spectroscopy', fullName: '拉曼分析员', enCode: 'P91' });
    expect(created.code).toBe(200);
    const id = created.data.id;
    expect(await call(suite.staff, 'PUT', `${POSITION}/${id}`, { organizeId: 'dept-chromatography', fullName: '拉曼分析员', enCode: 'P91', description: '拉曼' })).toMatchObject({ code: 200 });
    // Moving it to an organisation outside the scope is refused and moves nothing.
    expect(await call(suite.staff, 'PUT', `${POSITION}/${id}`, { organizeId: 'dept-quality', fullName: '拉曼分析员', enCode: 'P91' })).toMatchObject(OUTSIDE);
    expect((await call(suite.admin, 'GET', `${POSITION}/${id}`)).data).toMatchObject({ organizeId: 'dept-chromatography', description: '拉曼' });
    expect((await call(suite.staff, 'PUT', `${POSITION}/${id}/Actions/State`)).data.enabledMark).toBe(0);
    expect(await call(suite.staff, 'DELETE', `${POSITION}/${id}`)).toMatchObject({ code: 200 });
    expect(await count('base_position')).toBe(before);
  });

  it('reads, edits, switches and deletes groups inside a custom scope only, and creates none outside it', async () => {
    expect((await call(suite.staff, 'GET', `${GROUP}?pageSize=50`)).data.list.map((g: { id: string }) => g.id).sort()).toEqual(['group-instrument', 'group-reagent']);
    await expectUnreachable(GROUP, 'group-safety', { fullName: '改名', enCode: 'safetyCommittee', type: 'committee' });
    expect((await call(suite.staff, 'GET', `${GROUP}/group-instrument`)).data).toMatchObject({ fullName: '大型仪器共享小组' });

    const before = await count('base_group');
    expect(await call(suite.staff, 'POST', GROUP, { fullName: '外部委员会', enCode: 'outsideCommittee', type: 'committee' })).toMatchObject(OUTSIDE);
    expect(await count('base_group')).toBe(before);
    const created = await call(suite.staff, 'POST', GROUP, { fullName: '质谱小组', enCode: 'massSpec', type: 'workGroup' });
    expect(created.code).toBe(200);
    const id = created.data.id;
    expect(await call(suite.staff, 'PUT', `${GROUP}/${id}`, { fullName: '质谱小组', enCode: 'massSpec', type: 'committee' })).toMatchObject(OUTSIDE);
    expect((await call(suite.admin, 'GET', `${GROUP}/${id}`)).data.type).toBe('workGroup');
    expect(await call(suite.staff, 'PUT', `${GROUP}/${id}`, { fullName: '质谱小组', enCode: 'massSpec', type: 'workGroup', description: '质谱' })).toMatchObject({ code: 200 });
    expect((await call(suite.staff, 'PUT', `${GROUP}/${id}/Actions/State`)).data.enabledMark).toBe(0);
    expect(await call(suite.staff, 'DELETE', `${GROUP}/${id}`)).toMatchObject({ code: 200 });
    expect(await count('base_group')).toBe(before);
  });

  it('keeps user records, writes and actions to the scope, and creates no user in a department outside it', async () => {
    const userId = async (account: string) => (await db().selectFrom('base_user').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
    const outside = await userId('guoxin');
    const before = (await call(suite.admin, 'GET', `${USERS}/${outside}`)).data;
    const password = hashPasswordForTransport('Scope12345');
    expect((await call(suite.staff, 'GET', `${USERS}/${outside}`)).code).toBe(404);
    expect((await call(suite.staff, 'PUT', `${USERS}/${outside}`, { realName: '改名' })).code).toBe(404);
    expect((await call(suite.staff, 'PUT', `${USERS}/${outside}/Actions/State`, { enabledMark: 0 })).code).toBe(404);
    expect((await call(suite.staff, 'PUT', `${USERS}/${outside}/Actions/unlock`)).code).toBe(404);
    expect((await call(suite.staff, 'POST', `${USERS}/${outside}/Actions/ResetPassword`, { userPassword: password, validatePassword: password })).code).toBe(404);
    expect((await call(suite.staff, 'DELETE', `${USERS}/${outside}`)).code).toBe(404);
    expect((await call(suite.admin, 'GET', `${USERS}/${outside}`)).data).toEqual(before);

    const users = await count('base_user');
    const newcomer = { account: 'scopenewcomer', realName: '新同事', gender: 1, organizeId: 'dept-quality', positionId: 'pos-qa' };
    expect(await call(suite.staff, 'POST', USERS, newcomer)).toMatchObject(OUTSIDE);
    expect(await count('base_user')).toBe(users);
    const created = await call(suite.staff, 'POST', USERS, { ...newcomer, organizeId: 'dept-spectroscopy', positionId: 'pos-spectroscopy' });
    expect(created.code).toBe(200);
    const id = created.data.id;
    expect((await call(suite.staff, 'GET', `${USERS}/${id}`)).data).toMatchObject({ account: 'scopenewcomer', majorOrganizeId: 'dept-spectroscopy' });
    // Moved to a department outside the scope: refused, and the account stays where it was.
    expect(await call(suite.staff, 'PUT', `${USERS}/${id}`, { organizeId: 'dept-quality', positionId: 'pos-qa' })).toMatchObject(OUTSIDE);
    expect((await call(suite.admin, 'GET', `${USERS}/${id}`)).data).toMatchObject({ majorOrganizeId: 'dept-spectroscopy', positionId: 'pos-spectroscopy' });
    expect(await call(suite.staff, 'PUT', `${USERS}/${id}`, { description: '拉曼' })).toMatchObject({ code: 200 });
    expect(await call(suite.staff, 'DELETE', `${USERS}/${id}`)).toMatchObject({ code: 200 });
    expect(await count('base_user')).toBe(users);
  });
});
