import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { grantButton } from '../../support/grants.js';

/**
 * Permission groups (JNPF 3.6's 权限管理): a group's members — a user, or everyone of an organisation, role,
 * position or group — receive what the group is granted, as long as the group is enabled and exists.
 */
describe.each(testDatabases())('permission groups on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const { call } = suite;
  const BASE = '/api/permission/PermissionGroup';

  const idOf = async (table: 'base_user' | 'base_module', column: 'account' | 'en_code', value: string) =>
    (await suite.database.db.selectFrom(table).select('id').where(column as never, '=', value as never).executeTakeFirstOrThrow()).id as string;
  /** staff's answer on the group page's list, which staff's own grants do not open. */
  const staffOpensGroups = async () => (await call(suite.staff, 'GET', '/api/permission/Group?currentPage=1&pageSize=20')).code;

  it('grants its permissions to its members, by user or by role, while it is enabled, and takes them back when deleted', async () => {
    expect(await staffOpensGroups()).toBe(403);
    const created = await call(suite.admin, 'POST', BASE, { id: '', fullName: '分组管理员', enCode: 'groupKeepers', sortCode: 0, enabledMark: 1, description: '' });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const groupId = created.data.id as string;
    // Granted as JNPF 3.6's client grants it: objectType Role, the permission group's id.
    const groupPage = await idOf('base_module', 'en_code', 'permission.group');
    expect(await call(suite.admin, 'PUT', `/api/permission/Authority/Data/${groupId}`, { objectType: 'Role', module: [groupPage], systemIds: ['labcode'] })).toMatchObject({ code: 200 });
    expect((await call(suite.admin, 'POST', `/api/permission/Authority/Data/${groupId}/Values`, { type: 'module', moduleIds: '' })).data.ids).toContain(groupPage);
    expect(await staffOpensGroups()).toBe(403);

    // staff as a member: the page opens.
    const staffId = await idOf('base_user', 'account', 'staff');
    expect(await call(suite.admin, 'POST', `${BASE}/PermissionMember/${groupId}`, { ids: [`${staffId}--user`], id: groupId })).toMatchObject({ code: 200 });
    expect(await staffOpensGroups()).toBe(200);
    expect((await call(suite.admin, 'GET', `${BASE}/PermissionMember/${groupId}`)).data.list).toEqual([{ id: staffId, type: 'user', fullName: expect.stringContaining('/staff') }]);
    expect((await call(suite.admin, 'GET', `${BASE}?currentPage=1&pageSize=20&sort=desc&sidx=&keyword=groupKeepers&enabledMark=`)).data.list[0]).toMatchObject({ enCode: 'groupKeepers', permissionMember: expect.stringContaining('/staff') });

    // By a role staff holds instead: still open. A member of an unknown kind or record changes nothing.
    const [staffRole] = await suite.database.db.selectFrom('base_user_relation').select('object_id').where('user_id', '=', staffId).where('object_type', '=', 'Role').execute();
    expect(staffRole).toBeDefined();
    expect((await call(suite.admin, 'POST', `${BASE}/PermissionMember/${groupId}`, { ids: [`${staffRole!.object_id}--role`] })).code).toBe(200);
    expect(await staffOpensGroups()).toBe(200);
    expect(await call(suite.admin, 'POST', `${BASE}/PermissionMember/${groupId}`, { ids: [`${staffId}--planet`] })).toMatchObject({ code: 400, msg: `权限成员无效：${staffId}--planet` });
    expect(await call(suite.admin, 'POST', `${BASE}/PermissionMember/${groupId}`, { ids: ['nobody--user'] })).toMatchObject({ code: 400 });
    expect((await call(suite.admin, 'GET', `${BASE}/PermissionMember/${groupId}`)).data.list.map((m: { type: string }) => m.type)).toEqual(['role']);

    // Disabled: its members lose what it grants; enabled again, they have it back.
    expect(await call(suite.admin, 'PUT', `${BASE}/${groupId}/Actions/State`)).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(await staffOpensGroups()).toBe(403);
    expect((await call(suite.admin, 'PUT', `${BASE}/${groupId}/Actions/State`)).data.enabledMark).toBe(1);
    expect(await staffOpensGroups()).toBe(200);

    // Someone with the 权限组 page's buttons who does not hold all the group grants can neither join it, switch it
    // nor copy it: they would take what they were never given.
    const settingsPage = await idOf('base_module', 'en_code', 'system.sysConfig');
    expect((await call(suite.admin, 'PUT', `/api/permission/Authority/Data/${groupId}`, { objectType: 'Role', module: [groupPage, settingsPage] })).code).toBe(200);
    const { userId: managerId } = await grantButton(suite.database.db, 'zhangwei', 'permission.authorize', 'btn_edit');
    await grantButton(suite.database.db, 'zhangwei', 'permission.authorize', 'btn_add');
    await suite.app.grants.invalidate();
    const manager = await suite.tokenOf('zhangwei');
    expect((await call(manager, 'POST', `${BASE}/PermissionMember/${groupId}`, { ids: [`${managerId}--user`] })).code).toBe(403);
    expect((await call(manager, 'PUT', `${BASE}/${groupId}/Actions/State`)).code).toBe(403);
    expect((await call(manager, 'PUT', `${BASE}/${groupId}`, { fullName: '分组管理员', enCode: 'groupKeepers', enabledMark: 1 })).code).toBe(403);
    expect((await call(manager, 'POST', `${BASE}/${groupId}/Actions/Copy`)).code).toBe(403);
    expect((await call(suite.admin, 'GET', `${BASE}/PermissionMember/${groupId}`)).data.list.map((m: { type: string }) => m.type)).toEqual(['role']);

    // A copy keeps the grants, not the members; the page's buttons are needed to manage groups at all.
    const copy = await call(suite.admin, 'POST', `${BASE}/${groupId}/Actions/Copy`);
    expect(copy.code).toBe(200);
    expect((await call(suite.admin, 'GET', `${BASE}/${copy.data.id}`)).data).toMatchObject({ fullName: expect.stringMatching(/^分组管理员\.副本/), permissionMember: '' });
    expect((await call(suite.admin, 'POST', `/api/permission/Authority/Data/${copy.data.id}/Values`, { type: 'module', moduleIds: '' })).data.ids).toContain(groupPage);
    expect((await call(suite.staff, 'POST', BASE, { fullName: '越权', enCode: 'overreach' })).code).toBe(403);
    expect((await call(suite.staff, 'POST', `${BASE}/PermissionMember/${groupId}`, { ids: [] })).code).toBe(403);

    // Deleted: its grants and members go, and staff's page with them.
    expect(await call(suite.admin, 'DELETE', `${BASE}/${groupId}`)).toMatchObject({ code: 200 });
    expect(await staffOpensGroups()).toBe(403);
    const left = await suite.database.db.selectFrom('base_authorize').select('id').where('object_id', '=', groupId).execute();
    expect(left).toEqual([]);
    expect(await suite.database.db.selectFrom('base_permission_group_member').select('group_id').where('group_id', '=', groupId).execute()).toEqual([]);
  });
});
