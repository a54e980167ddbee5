import { describe, expect, it } from 'vitest';
import { newId } from '../../../src/kernel/server/db/id.js';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { grantButton } from '../../support/grants.js';

/**
 * Positions and user groups (spec 000 §7 Position and Group): lists, forms, pickers and custom ranges, the refusal
 * of deleting what users still hold, and buttons on every write.
 */
const POSITION = '/api/permission/Position';
const GROUP = '/api/permission/Group';
const COMPANY_NAME = '示例检测科技有限公司';

interface Node {
  id: string;
  fullName: string;
  type: string;
  disabled?: boolean;
  children: Node[];
  [field: string]: unknown;
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
const find = (nodes: Node[], id: string) => flatten(nodes).find((node) => node.id === id);

describe.each(testDatabases())('positions and groups on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = suite.call;
  const db = () => suite.database.db;
  const positionCount = async () => (await db().selectFrom('base_position').select('id').execute()).length;
  const groupCount = async () => (await db().selectFrom('base_group').select('id').execute()).length;

  describe('positions', () => {
    it('lists positions page by page, by keyword, and by organisation including everything below it', async () => {
      const page = await call(suite.admin, 'GET', `${POSITION}?currentPage=1&pageSize=5&n=1700000000`);
      expect(page.code).toBe(200);
      expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 5, total: 13 });
      expect(page.data.list).toHaveLength(5);
      const analysis = (await call(suite.admin, 'GET', `${POSITION}?organizeId=dept-analysis&pageSize=50`)).data;
      expect(analysis.list.map((p: { id: string }) => p.id).sort()).toEqual(['pos-analyst', 'pos-chromatography', 'pos-lab-head', 'pos-spectroscopy']);
      expect(analysis.list.find((p: { id: string }) => p.id === 'pos-chromatography')).toMatchObject({
        organizeId: 'dept-chromatography',
        fullName: '色谱分析员',
        enCode: 'P10',
        department: `${COMPANY_NAME}/分析测试部/色谱组`,
        organizeName: '色谱组',
        enabledMark: 1,
      });
      const searched = (await call(suite.admin, 'GET', `${POSITION}?keyword=${encodeURIComponent('光谱')}`)).data.list;
      expect(searched.map((p: { id: string }) => p.id)).toEqual(['pos-spectroscopy']);
      expect((await call(suite.admin, 'GET', `${POSITION}?organizeId=no-such`)).data).toMatchObject({ list: [], pagination: { total: 0 } });
      expect((await call(suite.staff, 'GET', POSITION)).code).toBe(403);
    });

    it('creates, reads, updates, switches and deletes a position', async () => {
      const created = await call(suite.admin, 'POST', POSITION, { organizeId: 'dept-spectroscopy', fullName: '拉曼光谱工程师', enCode: 'P20', sortCode: 3, description: '拉曼' });
      expect(created).toMatchObject({ code: 200, msg: '新建成功' });
      const info = (await call(suite.admin, 'GET', `${POSITION}/${created.data.id}`)).data;
      expect(info).toMatchObject({ fullName: '拉曼光谱工程师', enCode: 'P20', organizeId: 'dept-spectroscopy', organizeIdTree: ['org-company', 'dept-analysis', 'dept-spectroscopy'], sortCode: 3, description: '拉曼' });
      // Nobody holds it yet, so it may move to another organisation.
      expect((await call(suite.admin, 'PUT', `${POSITION}/${created.data.id}`, { organizeId: 'dept-chromatography', fullName: '质谱工程师', enCode: 'P20' })).code).toBe(200);
      expect((await call(suite.admin, 'GET', `${POSITION}/${created.data.id}`)).data).toMatchObject({ organizeId: 'dept-chromatography', fullName: '质谱工程师' });
      expect((await call(suite.admin, 'PUT', `${POSITION}/${created.data.id}/Actions/State`)).data.enabledMark).toBe(0);
      expect(find((await call(suite.staff, 'GET', `${POSITION}/Selector`)).data.list, created.data.id)).toMatchObject({ disabled: true, type: 'position' });
      expect((await call(suite.staff, 'GET', `${POSITION}/All`)).data.list.map((p: { id: string }) => p.id)).not.toContain(created.data.id);
      expect(await call(suite.admin, 'DELETE', `${POSITION}/${created.data.id}`)).toMatchObject({ code: 200, msg: '删除成功' });
      expect(await call(suite.admin, 'GET', `${POSITION}/${created.data.id}`)).toMatchObject({ code: 404, msg: '岗位不存在' });
    });

    it('refuses bad positions with translated messages, and writes nothing', async () => {
      const before = await positionCount();
      const bad = (change: object) => call(suite.admin, 'POST', POSITION, { organizeId: 'dept-it', fullName: '网络工程师', enCode: 'P30', ...change });
      expect(await bad({ fullName: '岗'.repeat(51) })).toMatchObject({ code: 400, msg: '岗位名称最多为50个字符' });
      expect(await bad({ fullName: '' })).toMatchObject({ code: 400, msg: '请输入岗位名称' });
      expect(await bad({ enCode: 'P 30' })).toMatchObject({ code: 400, msg: '编码只能输入字母、数字、点，且不能以点开头或结尾' });
      expect(await bad({ enCode: 'p01' })).toMatchObject({ code: 409, msg: '岗位编码已存在' });
      expect(await bad({ fullName: '系统管理员' })).toMatchObject({ code: 409, msg: '该组织下已有同名岗位：系统管理员' });
      expect(await bad({ organizeId: 'no-such-org' })).toMatchObject({ code: 400, msg: '上级组织不存在' });
      expect(await bad({ organizeId: '' })).toMatchObject({ code: 400, msg: '请选择所属组织' });
      expect(await bad({ sortCode: -1 })).toMatchObject({ code: 400, msg: '排序须为0到999999之间的数字' });
      expect(await positionCount()).toBe(before);
    });

    it('refuses deleting or moving a position users hold, saying how many', async () => {
      const holders = await db().selectFrom('base_user').select('id').where('position_id', '=', 'pos-buyer').execute();
      expect(await call(suite.admin, 'DELETE', `${POSITION}/pos-buyer`)).toMatchObject({ code: 400, msg: `该岗位下还有${holders.length}个用户，请先移走他们` });
      expect(await call(suite.admin, 'PUT', `${POSITION}/pos-buyer`, { organizeId: 'dept-it', fullName: '采购专员', enCode: 'P05' })).toMatchObject({ code: 400, msg: '该岗位下还有用户，不能改变所属组织' });
      // A membership holds a position as well as the main position does.
      const created = (await call(suite.admin, 'POST', POSITION, { organizeId: 'dept-it', fullName: '数据库管理员', enCode: 'P31' })).data.id;
      const staff = await db().selectFrom('base_user').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow();
      await db().insertInto('base_user_relation').values({ id: newId(), user_id: staff.id, object_type: 'Position', object_id: created }).execute();
      expect(await call(suite.admin, 'DELETE', `${POSITION}/${created}`)).toMatchObject({ code: 400, msg: '该岗位下还有1个用户，请先移走他们' });
      expect(await db().selectFrom('base_position').select('id').where('id', '=', 'pos-buyer').executeTakeFirst()).toBeTruthy();
    });

    it('keeps writes to those holding the button', async () => {
      const before = await positionCount();
      expect(await call(suite.staff, 'POST', POSITION, { organizeId: 'dept-it', fullName: '运维', enCode: 'P40' })).toMatchObject({ code: 403 });
      expect((await call(suite.staff, 'PUT', `${POSITION}/pos-admin`, { organizeId: 'dept-it', fullName: '改名', enCode: 'P06' })).code).toBe(403);
      expect((await call(suite.staff, 'DELETE', `${POSITION}/pos-assistant`)).code).toBe(403);
      expect((await call(suite.staff, 'PUT', `${POSITION}/pos-assistant/Actions/State`)).code).toBe(403);
      expect(await positionCount()).toBe(before);
      expect((await db().selectFrom('base_position').select('full_name').where('id', '=', 'pos-admin').executeTakeFirstOrThrow()).full_name).toBe('系统管理员');
      expect((await db().selectFrom('base_position').select('enabled_mark').where('id', '=', 'pos-assistant').executeTakeFirstOrThrow()).enabled_mark).toBe(1);
    });

    it('answers the position picker: organisations leading to positions, positions as leaves', async () => {
      const answer = await call(suite.staff, 'GET', `${POSITION}/Selector`);
      expect(answer.code).toBe(200);
      const [company] = answer.data.list as Node[];
      expect(company).toMatchObject({ id: 'org-company', type: 'company', hasChildren: true });
      const analysis = find(answer.data.list, 'dept-analysis')!;
      expect(analysis.children.map((n) => n.type)).toEqual(['position', 'position', 'department', 'department']);
      expect(find(answer.data.list, 'pos-chromatography')).toMatchObject({
        type: 'position',
        icon: 'icon-ym icon-ym-tree-position1',
        parentId: 'dept-chromatography',
        organize: `${COMPANY_NAME}/分析测试部/色谱组`,
        organizeIds: ['org-company', 'dept-analysis', 'dept-chromatography'],
        isLeaf: true,
        hasChildren: false,
      });
      expect(flatten(answer.data.list).filter((n) => n.type === 'position').length).toBe(await positionCount());
    });

    it('answers All, getListByOrgIds and the custom range PositionCondition', async () => {
      const all = (await call(suite.staff, 'GET', `${POSITION}/All`)).data.list;
      expect(all.length).toBeGreaterThan(10);
      expect(all[0]).toEqual(expect.objectContaining({ id: expect.any(String), fullName: expect.any(String), organizeId: expect.any(String) }));

      const byOrg = (await call(suite.staff, 'POST', `${POSITION}/getListByOrgIds`, { organizeIds: ['dept-office', 'no-such'] })).data.list;
      expect(byOrg).toHaveLength(1);
      expect(byOrg[0]).toMatchObject({ id: 'dept-office', fullName: '总经办', hasChildren: true });
      expect(byOrg[0].children.map((p: Node) => p.id).sort()).toEqual(['pos-assistant', 'pos-manager']);

      const range = (await call(suite.staff, 'POST', `${POSITION}/PositionCondition`, { departIds: ['dept-analysis'], positionIds: ['pos-qa'], keyword: '' })).data.list as Node[];
      const positions = flatten(range).filter((n) => n.type === 'position').map((n) => n.id).sort();
      expect(positions).toEqual(['pos-analyst', 'pos-chromatography', 'pos-lab-head', 'pos-qa', 'pos-spectroscopy']);
      expect(range.map((n) => n.fullName)).toEqual([COMPANY_NAME]);
      const searched = flatten((await call(suite.staff, 'POST', `${POSITION}/PositionCondition`, { departIds: ['dept-analysis'], keyword: '色谱' })).data.list);
      expect(searched.filter((n) => n.type === 'position').map((n) => n.id)).toEqual(['pos-chromatography']);
    });
  });

  describe('data scope', () => {
    /** What the permission screens do: a data scheme on a menu page, granted with the page to staff's role. */
    const grantScheme = async (menu: string, kind: string) => {
      const schemeId = newId();
      await db().insertInto('base_module_data_scheme').values({ id: schemeId, module_id: `menu-${menu}`, en_code: `scope${schemeId.slice(0, 8)}`, full_name: '本部门及下级', kind }).execute();
      for (const [itemType, itemId] of [['module', `menu-${menu}`], ['resource', schemeId]]) {
        await db().insertInto('base_authorize').values({ id: newId(), item_type: itemType, item_id: itemId, object_type: 'Role', object_id: 'role-staff' }).execute();
      }
      await suite.app.grants.invalidate();
    };

    it('narrows the position and organisation lists to the caller\'s department and below', async () => {
      await grantScheme('permission.position', 'organizeAndSub');
      const positions = (await call(suite.staff, 'GET', `${POSITION}?pageSize=50`)).data;
      expect(positions.list.map((p: { id: string }) => p.id).sort()).toEqual(['pos-analyst', 'pos-chromatography', 'pos-lab-head', 'pos-spectroscopy']);
      expect(positions.pagination.total).toBe(4);
      expect((await call(suite.admin, 'GET', `${POSITION}?pageSize=50`)).data.pagination.total).toBeGreaterThan(4);

      await grantScheme('permission.organize', 'organizeAndSub');
      const tree = (await call(suite.staff, 'GET', '/api/permission/Organize')).data.list as Node[];
      expect(tree.map((n) => n.id)).toEqual(['dept-analysis']);
      expect(tree[0].children.map((n) => n.id).sort()).toEqual(['dept-chromatography', 'dept-spectroscopy']);
    });
  });

  describe('groups', () => {
    it('lists groups page by page and answers the picker grouped by type', async () => {
      const page = await call(suite.admin, 'GET', `${GROUP}?currentPage=1&pageSize=2`);
      expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 4 });
      const searched = (await call(suite.admin, 'GET', `${GROUP}?keyword=${encodeURIComponent('仪器')}`)).data.list;
      expect(searched).toHaveLength(1);
      expect(searched[0]).toMatchObject({ id: 'group-instrument', fullName: '大型仪器共享小组', enCode: 'instrumentSharing', type: 'workGroup', enabledMark: 1 });
      expect((await call(suite.staff, 'GET', GROUP)).code).toBe(403);
      expect((await call(suite.admin, 'GET', `${GROUP}?type=workGroup`)).data.list.map((g: { id: string }) => g.id).sort()).toEqual(['group-instrument', 'group-reagent']);

      const selector = await call(suite.staff, 'GET', `${GROUP}/Selector`);
      expect(selector.code).toBe(200);
      // The picker reads data itself, an array (spec 001 §7, "group list (data)").
      expect(Array.isArray(selector.data)).toBe(true);
      const groups = flatten(selector.data).filter((n) => n.type === 'group');
      expect(groups.map((n) => n.id).sort()).toEqual(['group-instrument', 'group-newcomer', 'group-reagent', 'group-safety']);
      const workGroups = (selector.data as Node[]).find((n) => n.enCode === 'workGroup')!;
      expect(workGroups).toMatchObject({ type: 'groupType', num: 2, hasChildren: true });
      expect(workGroups.children[0]).toMatchObject({ type: 'group', icon: 'icon-ym icon-ym-generator-group1', isLeaf: true });
    });

    it('creates, updates, switches and deletes a group; refuses bad ones and groups with members', async () => {
      const before = await groupCount();
      const created = await call(suite.admin, 'POST', GROUP, { fullName: '方法验证小组', enCode: 'methodValidation', sortCode: 9 });
      expect(created).toMatchObject({ code: 200, msg: '新建成功' });
      expect((await call(suite.admin, 'GET', `${GROUP}/${created.data.id}`)).data).toMatchObject({ fullName: '方法验证小组', enCode: 'methodValidation', type: null, memberCount: 0 });
      const untyped = ((await call(suite.admin, 'GET', `${GROUP}/Selector`)).data as Node[]).find((n) => n.children.some((c) => c.id === created.data.id))!;
      expect(untyped.fullName).toBe('未分类');

      const bad = (change: object) => call(suite.admin, 'POST', GROUP, { fullName: '新组', enCode: 'newGroup', ...change });
      expect(await bad({ fullName: '组'.repeat(51) })).toMatchObject({ code: 400, msg: '分组名称最多为50个字符' });
      expect(await bad({ enCode: 'METHODVALIDATION' })).toMatchObject({ code: 409, msg: '分组编码已存在' });
      expect(await bad({ fullName: '新员工培训组' })).toMatchObject({ code: 409, msg: '分组名称已存在：新员工培训组' });
      expect(await bad({ enCode: 'new-group' })).toMatchObject({ code: 400, msg: '编码只能输入字母、数字、点，且不能以点开头或结尾' });
      expect(await groupCount()).toBe(before + 1);

      expect((await call(suite.admin, 'PUT', `${GROUP}/${created.data.id}`, { fullName: '方法验证组', enCode: 'methodValidation', type: 'workGroup' })).code).toBe(200);
      expect((await call(suite.admin, 'GET', `${GROUP}/${created.data.id}`)).data).toMatchObject({ fullName: '方法验证组', type: 'workGroup' });
      expect((await call(suite.admin, 'PUT', `${GROUP}/${created.data.id}/Actions/State`)).data.enabledMark).toBe(0);

      const staff = await db().selectFrom('base_user').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow();
      await db().insertInto('base_user_relation').values({ id: newId(), user_id: staff.id, object_type: 'Group', object_id: created.data.id }).execute();
      expect(await call(suite.admin, 'DELETE', `${GROUP}/${created.data.id}`)).toMatchObject({ code: 400, msg: '该分组还有1个成员，请先移除成员' });
      await db().deleteFrom('base_user_relation').where('object_id', '=', created.data.id).execute();
      expect(await call(suite.admin, 'DELETE', `${GROUP}/${created.data.id}`)).toMatchObject({ code: 200, msg: '删除成功' });
      expect(await call(suite.admin, 'GET', `${GROUP}/${created.data.id}`)).toMatchObject({ code: 404, msg: '分组不存在' });
    });

    it('keeps group writes to those holding the button', async () => {
      const before = await groupCount();
      expect((await call(suite.staff, 'POST', GROUP, { fullName: '读书会', enCode: 'bookClub' })).code).toBe(403);
      expect((await call(suite.staff, 'PUT', `${GROUP}/group-safety`, { fullName: '改名', enCode: 'safetyCommittee' })).code).toBe(403);
      expect((await call(suite.staff, 'DELETE', `${GROUP}/group-newcomer`)).code).toBe(403);
      expect((await call(suite.staff, 'PUT', `${GROUP}/group-newcomer/Actions/State`)).code).toBe(403);
      expect(await groupCount()).toBe(before);
      await grantButton(db(), 'staff', 'permission.group', 'btn_edit');
      await suite.app.grants.invalidate();
      expect((await call(suite.staff, 'PUT', `${GROUP}/group-newcomer/Actions/State`)).data.enabledMark).toBe(0);
      expect((await call(suite.staff, 'DELETE', `${GROUP}/group-newcomer`)).code).toBe(403);
    });
  });
});
