import { describe, expect, it } from 'vitest';
import { newId } from '../../../src/kernel/server/db/id.js';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { grantButton } from '../../support/grants.js';

/**
 * Organisations and departments (one tree), spec 000 §7 Organize and Department: the seeded laboratory, the
 * tree's paths kept right on create and move, the rules of where a company or department may sit, refusals of
 * deleting what is still held, buttons, and the pickers' shapes as JNPF clients read them.
 */
const BASE = '/api/permission/Organize';
const DEPT = `${BASE}/Department`;
const COMPANY_NAME = '示例检测科技有限公司';

interface Node {
  id: string;
  fullName: string;
  type: string;
  disabled: boolean;
  children: Node[];
  [field: string]: unknown;
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
const find = (nodes: Node[], id: string) => flatten(nodes).find((node) => node.id === id);

describe.each(testDatabases())('organisations on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = suite.call;
  const db = () => suite.database.db;
  const treeOf = async (id: string) => (await db().selectFrom('base_organize').select('organize_id_tree').where('id', '=', id).executeTakeFirstOrThrow()).organize_id_tree;
  const count = async () => (await db().selectFrom('base_organize').select('id').execute()).length;

  it('seeds a believable laboratory whose every node knows its path from the company', async () => {
    const rows = await db().selectFrom('base_organize').selectAll().execute();
    expect(rows).toHaveLength(9);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      const parent = byId.get(row.parent_id);
      expect(row.organize_id_tree, row.id).toBe(parent ? `${parent.organize_id_tree},${row.id}` : row.id);
    }
    expect(byId.get('dept-chromatography')).toMatchObject({ parent_id: 'dept-analysis', organize_id_tree: 'org-company,dept-analysis,dept-chromatography', manager_id: 'user-zhaolei' });
  });

  it('lists the tree with paths, heads and categories (GET Organize), and filters it by keyword keeping ancestors', async () => {
    const answer = await call(suite.admin, 'GET', `${BASE}?n=1700000000`);
    expect(answer.code).toBe(200);
    const [company] = answer.data.list as Node[];
    expect(company).toMatchObject({ id: 'org-company', parentId: '-1', fullName: COMPANY_NAME, category: 'company', type: 'company', enCode: 'DemoLab', hasChildren: true, organizeIds: ['org-company'] });
    expect(company.children.map((c) => c.id)).toEqual(['dept-office', 'dept-research', 'dept-analysis', 'dept-quality', 'dept-procurement', 'dept-it']);
    const chromatography = find(answer.data.list, 'dept-chromatography')!;
    expect(chromatography).toMatchObject({
      fullName: '色谱组',
      category: 'department',
      parentId: 'dept-analysis',
      organize: `${COMPANY_NAME}/分析测试部/色谱组`,
      organizeIds: ['org-company', 'dept-analysis', 'dept-chromatography'],
      manager: 'user-zhaolei',
      managerName: '赵磊/zhaolei',
      enabledMark: 1,
      hasChildren: false,
      isLeaf: true,
    });
    expect(chromatography.creatorTime).toBeTruthy();

    const searched = (await call(suite.admin, 'GET', `${BASE}?keyword=${encodeURIComponent('色谱')}`)).data.list as Node[];
    expect(flatten(searched).map((n) => n.id)).toEqual(['org-company', 'dept-analysis', 'dept-chromatography']);
    expect((await call(suite.admin, 'GET', `${BASE}?keyword=D0302`)).data.list[0].children[0].children.map((n: Node) => n.id)).toEqual(['dept-spectroscopy']);
  });

  it('keeps the organisation list to those who can open its page', async () => {
    expect((await call(suite.staff, 'GET', BASE)).code).toBe(403);
    expect((await call(suite.staff, 'GET', DEPT)).code).toBe(403);
    const departments = (await call(suite.admin, 'GET', DEPT)).data.list as Node[];
    expect(flatten(departments).filter((n) => n.type === 'department')).toHaveLength(8);
  });

  it('creates a company and departments below it, with paths, and answers the forms their records', async () => {
    const company = await call(suite.admin, 'POST', BASE, { parentId: '-1', fullName: '示例分公司', enCode: 'Branch.East', enabledMark: 1, sortCode: 5, description: '华东' });
    expect(company).toMatchObject({ code: 200, msg: '新建成功' });
    expect(await treeOf(company.data.id)).toBe(company.data.id);
    const info = (await call(suite.admin, 'GET', `${BASE}/${company.data.id}`)).data;
    expect(info).toMatchObject({ fullName: '示例分公司', enCode: 'Branch.East', category: 'company', parentId: '-1', organizeIdTree: ['-1'], sortCode: 5, description: '华东' });

    const dept = await call(suite.admin, 'POST', DEPT, { parentId: company.data.id, fullName: '华东检测室', enCode: 'EastLab', managerId: 'user-tangbo', sortCode: 1 });
    expect(dept.code).toBe(200);
    const sub = await call(suite.admin, 'POST', DEPT, { parentId: dept.data.id, fullName: '微生物组', enCode: 'EastLab.Micro', manager: 'user-lina' });
    expect(sub.code).toBe(200);
    expect(await treeOf(sub.data.id)).toBe(`${company.data.id},${dept.data.id},${sub.data.id}`);
    const subInfo = (await call(suite.admin, 'GET', `${DEPT}/${sub.data.id}`)).data;
    expect(subInfo).toMatchObject({ category: 'department', parentId: dept.data.id, parentName: '华东检测室', organizeIdTree: [company.data.id, dept.data.id], managerId: 'user-lina', managerName: '李娜/lina', organize: '示例分公司/华东检测室/微生物组' });
    // A company is not a department.
    expect(await call(suite.admin, 'GET', `${DEPT}/${company.data.id}`)).toMatchObject({ code: 404, msg: '部门不存在' });
    // POST Organize with category department goes by the department rules.
    const viaOrganize = await call(suite.admin, 'POST', BASE, { parentId: company.data.id, category: 'department', fullName: '华东样品室', enCode: 'EastSamples' });
    expect((await call(suite.admin, 'GET', `${BASE}/${viaOrganize.data.id}`)).data).toMatchObject({ category: 'department' });
  });

  it('refuses bad organisations with translated messages, and writes nothing', async () => {
    const before = await count();
    const dept = (change: object) => call(suite.admin, 'POST', DEPT, { parentId: 'dept-analysis', fullName: '质谱组', enCode: 'D0303', ...change });
    expect(await dept({ fullName: '组'.repeat(51) })).toMatchObject({ code: 400, msg: '名称最多为50个字符' });
    expect(await dept({ fullName: '  ' })).toMatchObject({ code: 400, msg: '请输入名称' });
    expect(await dept({ enCode: 'D-03' })).toMatchObject({ code: 400, msg: '编码只能输入字母、数字、点，且不能以点开头或结尾' });
    expect(await dept({ enCode: '.D03' })).toMatchObject({ code: 400, msg: '编码只能输入字母、数字、点，且不能以点开头或结尾' });
    expect(await dept({ enCode: 'D'.repeat(51) })).toMatchObject({ code: 400, msg: '编码最多为50个字符' });
    expect(await dept({ enCode: 'd01' })).toMatchObject({ code: 409, msg: '组织编码已存在' });
    expect(await dept({ fullName: '色谱组' })).toMatchObject({ code: 409, msg: '同一上级下已有同名的组织：色谱组' });
    expect(await dept({ parentId: 'no-such-org' })).toMatchObject({ code: 400, msg: '上级组织不存在' });
    expect(await dept({ parentId: '-1' })).toMatchObject({ code: 400, msg: '部门必须属于公司或部门，不能作为顶级组织' });
    expect(await dept({ parentId: '0' })).toMatchObject({ code: 400, msg: '部门必须属于公司或部门，不能作为顶级组织' });
    expect(await dept({ sortCode: 1_000_000 })).toMatchObject({ code: 400, msg: '排序须为0到999999之间的数字' });
    expect(await dept({ managerId: 'no-such-user' })).toMatchObject({ code: 400, msg: '部门主管不存在' });
    expect(await call(suite.admin, 'POST', BASE, { parentId: 'dept-it', fullName: '子公司', enCode: 'Sub' })).toMatchObject({ code: 400, msg: '公司不能放在部门下' });
    expect(await call(suite.admin, 'POST', BASE, { parentId: '-1', category: 'team', fullName: '子公司', enCode: 'Sub' })).toMatchObject({ code: 400, msg: '组织类型只能是公司或部门' });
    const english = await suite.app.inject({ method: 'POST', url: DEPT, headers: { authorization: suite.admin, 'accept-language': 'en' }, payload: { parentId: 'nowhere', fullName: 'X', enCode: 'X' } });
    expect(english.json()).toMatchObject({ code: 400, msg: 'The parent organisation does not exist' });
    expect(await count()).toBe(before);
  });

  it('moves a department with everything below it, and refuses moving a node under itself or its own child', async () => {
    const x = (await call(suite.admin, 'POST', DEPT, { parentId: 'dept-analysis', fullName: '无机组', enCode: 'Inorganic' })).data.id;
    const y = (await call(suite.admin, 'POST', DEPT, { parentId: x, fullName: '元素分析', enCode: 'Inorganic.Elements' })).data.id;
    const z = (await call(suite.admin, 'POST', DEPT, { parentId: y, fullName: 'ICP室', enCode: 'Inorganic.ICP' })).data.id;
    const body = { parentId: 'dept-quality', fullName: '无机组', enCode: 'Inorganic', managerId: 'user-hujie' };
    expect(await call(suite.admin, 'PUT', `${DEPT}/${x}`, body)).toMatchObject({ code: 200, msg: '更新成功' });
    expect(await treeOf(x)).toBe(`org-company,dept-quality,${x}`);
    expect(await treeOf(y)).toBe(`org-company,dept-quality,${x},${y}`);
    expect(await treeOf(z)).toBe(`org-company,dept-quality,${x},${y},${z}`);
    const moved = find((await call(suite.admin, 'GET', BASE)).data.list, z)!;
    expect(moved.organize).toBe(`${COMPANY_NAME}/质量保证部/无机组/元素分析/ICP室`);

    expect(await call(suite.admin, 'PUT', `${DEPT}/${x}`, { ...body, parentId: z })).toMatchObject({ code: 400, msg: '不能把组织移到它自己或它的下级组织下' });
    expect(await call(suite.admin, 'PUT', `${BASE}/${x}`, { ...body, parentId: x })).toMatchObject({ code: 400, msg: '不能把组织移到它自己或它的下级组织下' });
    expect(await call(suite.admin, 'PUT', `${DEPT}/${x}`, { ...body, parentId: '-1' })).toMatchObject({ code: 400, msg: '部门必须属于公司或部门，不能作为顶级组织' });
    const other = (await call(suite.admin, 'POST', BASE, { parentId: '-1', fullName: '另一公司', enCode: 'Another' })).data.id;
    expect(await call(suite.admin, 'PUT', `${BASE}/${other}`, { parentId: 'dept-it', fullName: '另一公司', enCode: 'Another' })).toMatchObject({ code: 400, msg: '公司不能放在部门下' });
    expect(await call(suite.admin, 'PUT', `${BASE}/org-company`, { parentId: 'dept-it', fullName: COMPANY_NAME, enCode: 'DemoLab' })).toMatchObject({ code: 400, msg: '不能把组织移到它自己或它的下级组织下' });
    // A company may sit under a company, and its path follows.
    expect((await call(suite.admin, 'PUT', `${BASE}/${other}`, { parentId: 'org-company', fullName: '另一公司', enCode: 'Another' })).code).toBe(200);
    expect(await treeOf(other)).toBe(`org-company,${other}`);
    expect(await call(suite.admin, 'PUT', `${DEPT}/org-company`, { parentId: '-1', fullName: COMPANY_NAME, enCode: 'DemoLab' })).toMatchObject({ code: 404, msg: '部门不存在' });
    expect(await call(suite.admin, 'PUT', `${DEPT}/no-such`, body)).toMatchObject({ code: 404 });
    expect(await treeOf(y)).toBe(`org-company,dept-quality,${x},${y}`);

    // Renaming keeps the code free for the record itself; another record's code is taken.
    expect((await call(suite.admin, 'PUT', `${DEPT}/${x}`, { ...body, fullName: '无机分析组', enCode: 'INORGANIC' })).code).toBe(200);
    expect(await call(suite.admin, 'PUT', `${DEPT}/${x}`, { ...body, enCode: 'd0301' })).toMatchObject({ code: 409, msg: '组织编码已存在' });
  });

  it('lets two crossing moves take turns: one lands, the other is refused, and no loop forms', async () => {
    const a = (await call(suite.admin, 'POST', DEPT, { parentId: 'dept-office', fullName: '档案室', enCode: 'Archive' })).data.id;
    const b = (await call(suite.admin, 'POST', DEPT, { parentId: 'dept-office', fullName: '文印室', enCode: 'Print' })).data.id;
    const answers = await Promise.all([
      call(suite.admin, 'PUT', `${DEPT}/${a}`, { parentId: b, fullName: '档案室', enCode: 'Archive' }),
      call(suite.admin, 'PUT', `${DEPT}/${b}`, { parentId: a, fullName: '文印室', enCode: 'Print' }),
    ]);
    expect(answers.map((x) => x.code).sort()).toEqual([200, 400]);
    expect(answers.find((x) => x.code === 400).msg).toBe('不能把组织移到它自己或它的下级组织下');
    const trees = [await treeOf(a), await treeOf(b)];
    expect(trees.some((tree) => tree.startsWith('org-company,dept-office,') && tree.split(',').length === 4)).toBe(true);
    expect(trees.every((tree) => tree.startsWith('org-company,dept-office,'))).toBe(true);
  });

  it('refuses deleting an organisation that still holds sub-organisations, positions, users or roles, saying which', async () => {
    expect(await call(suite.admin, 'DELETE', `${DEPT}/dept-analysis`)).toMatchObject({ code: 400, msg: '该组织下还有2个下级组织，请先删除或移走它们' });
    expect(await call(suite.admin, 'DELETE', `${BASE}/dept-it`)).toMatchObject({ code: 400, msg: '该组织下还有1个岗位，请先删除或移走它们' });
    const empty = (await call(suite.admin, 'POST', DEPT, { parentId: 'dept-it', fullName: '运维组', enCode: 'Ops' })).data.id;
    const staff = await db().selectFrom('base_user').select('id').where('account', '=', 'staff').executeTakeFirstOrThrow();
    await db().insertInto('base_user_relation').values({ id: newId(), user_id: staff.id, object_type: 'Organize', object_id: empty }).execute();
    expect(await call(suite.admin, 'DELETE', `${DEPT}/${empty}`)).toMatchObject({ code: 400, msg: '该组织下还有1个用户，请先移走他们' });
    await db().deleteFrom('base_user_relation').where('object_id', '=', empty).execute();
    await db().insertInto('base_role_organize').values({ role_id: 'role-staff', organize_id: empty }).execute();
    expect(await call(suite.admin, 'DELETE', `${DEPT}/${empty}`)).toMatchObject({ code: 400, msg: '该组织还关联着1个组织角色，请先解除关联' });
    await db().deleteFrom('base_role_organize').where('organize_id', '=', empty).execute();
    expect(await call(suite.admin, 'DELETE', `${DEPT}/${empty}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await call(suite.admin, 'DELETE', `${DEPT}/${empty}`)).toMatchObject({ code: 404, msg: '部门不存在' });
    // Users whose main organisation it is count too.
    const main = (await call(suite.admin, 'POST', DEPT, { parentId: 'dept-it', fullName: '桌面支持组', enCode: 'Desktop' })).data.id;
    await db().updateTable('base_user').set({ organize_id: main }).where('account', 'in', ['tangbo', 'songjia']).execute();
    expect(await call(suite.admin, 'DELETE', `${BASE}/${main}`)).toMatchObject({ code: 400, msg: '该组织下还有2个用户，请先移走他们' });
    await db().updateTable('base_user').set({ organize_id: 'dept-it' }).where('account', 'in', ['tangbo', 'songjia']).execute();
    expect((await call(suite.admin, 'DELETE', `${BASE}/${main}`)).code).toBe(200);
  });

  it('keeps every write to those holding the button, and a refused call changes nothing', async () => {
    const before = await count();
    const body = { parentId: 'dept-analysis', fullName: '质谱组', enCode: 'MassSpec' };
    expect(await call(suite.staff, 'POST', DEPT, body)).toMatchObject({ code: 403, msg: '权限不足，请联系管理员' });
    expect((await call(suite.staff, 'POST', BASE, { ...body, parentId: '-1' })).code).toBe(403);
    expect((await call(suite.staff, 'PUT', `${DEPT}/dept-spectroscopy`, { ...body, fullName: '改名' })).code).toBe(403);
    expect((await call(suite.staff, 'PUT', `${BASE}/dept-spectroscopy`, { ...body, fullName: '改名' })).code).toBe(403);
    expect((await call(suite.staff, 'DELETE', `${DEPT}/dept-spectroscopy`)).code).toBe(403);
    expect((await call(suite.staff, 'DELETE', `${BASE}/dept-spectroscopy`)).code).toBe(403);
    expect((await call(suite.staff, 'PUT', `${BASE}/dept-spectroscopy/Actions/State`)).code).toBe(403);
    expect((await call(suite.staff, 'GET', `${DEPT}/dept-spectroscopy`)).code).toBe(403);
    expect(await count()).toBe(before);
    expect((await db().selectFrom('base_organize').selectAll().where('id', '=', 'dept-spectroscopy').executeTakeFirstOrThrow()).full_name).toBe('光谱组');

    // The department page's add button lets its holder add departments, and nothing more.
    await grantButton(db(), 'staff', 'permission.department', 'btn_add');
    await suite.app.grants.invalidate();
    const created = await call(suite.staff, 'POST', DEPT, body);
    expect(created.code).toBe(200);
    expect((await call(suite.staff, 'DELETE', `${DEPT}/${created.data.id}`)).code).toBe(403);
    expect((await call(suite.staff, 'POST', BASE, { ...body, parentId: '-1', enCode: 'Other' })).code).toBe(403);
  });

  it('switches an organisation off and on; pickers show it disabled', async () => {
    const off = await call(suite.admin, 'PUT', `${BASE}/dept-procurement/Actions/State`);
    expect(off).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(find((await call(suite.staff, 'GET', `${DEPT}/Selector/0`)).data.list, 'dept-procurement')).toMatchObject({ enabledMark: 0, disabled: true });
    expect((await call(suite.admin, 'PUT', `${DEPT}/dept-procurement/Actions/State`)).data.enabledMark).toBe(1);
    expect(await call(suite.admin, 'PUT', `${DEPT}/org-company/Actions/State`)).toMatchObject({ code: 404 });
    expect(await call(suite.admin, 'PUT', `${BASE}/no-such/Actions/State`)).toMatchObject({ code: 404, msg: '组织不存在' });
  });

  it('answers the pickers: every organisation, the edited one left out with its subtree, companies only on asking', async () => {
    const all = await call(suite.staff, 'GET', `${DEPT}/Selector/0`);
    expect(all.code).toBe(200);
    const company = all.data.list[0] as Node;
    expect(company).toMatchObject({ id: 'org-company', type: 'company', icon: 'icon-ym icon-ym-tree-organization3', organize: COMPANY_NAME, organizeIds: ['org-company'], hasChildren: true, isLeaf: false, disabled: false });
    expect(find(all.data.list, 'dept-spectroscopy')).toMatchObject({ type: 'department', icon: 'icon-ym icon-ym-tree-department1', isLeaf: true, hasChildren: false, children: [] });

    const without = flatten((await call(suite.staff, 'GET', `${BASE}/Selector/dept-analysis`)).data.list).map((n) => n.id);
    expect(without).not.toContain('dept-analysis');
    expect(without).not.toContain('dept-chromatography');
    expect(without).toContain('dept-quality');
    expect(flatten((await call(suite.staff, 'GET', `${BASE}/Selector`)).data.list).length).toBe(flatten(all.data.list).length);

    const companies = (await call(suite.staff, 'GET', `${BASE}/Selector/0?category=company`)).data.list as Node[];
    expect(flatten(companies).every((n) => n.type === 'company')).toBe(true);
    const tree = (await call(suite.staff, 'GET', `${BASE}/Tree`)).data.list as Node[];
    expect(tree.map((n) => n.id)).toContain('org-company');
    expect(flatten(tree).every((n) => n.type === 'company')).toBe(true);
  });

  it('answers SelectorByAuth: the administrator sees all; others their organisations and below, ancestors disabled', async () => {
    const admin = flatten((await call(suite.admin, 'GET', `${DEPT}/SelectorByAuth/0`)).data.list);
    expect(admin.filter((n) => n.disabled)).toEqual([]);
    expect(admin.map((n) => n.id)).toContain('dept-it');

    const staff = await call(suite.staff, 'GET', `${BASE}/SelectorByAuth/0`);
    const [company] = staff.data.list as Node[];
    expect(company).toMatchObject({ id: 'org-company', disabled: true });
    expect(company.children.map((n) => [n.id, n.disabled])).toEqual([['dept-analysis', false]]);
    const below = flatten(company.children[0].children);
    expect(below.map((n) => n.id)).toEqual(expect.arrayContaining(['dept-chromatography', 'dept-spectroscopy']));
    expect(below.every((n) => (n.organizeIds as string[]).includes('dept-analysis') && !n.disabled)).toBe(true);

    // zhaolei belongs to 色谱组 and, by a membership, to 质量保证部.
    const zhaolei = await db().selectFrom('base_user').select('id').where('account', '=', 'zhaolei').executeTakeFirstOrThrow();
    await db().insertInto('base_user_relation').values({ id: newId(), user_id: zhaolei.id, object_type: 'Organize', object_id: 'dept-quality' }).execute();
    const mine = flatten((await call(await suite.tokenOf('zhaolei'), 'GET', `${DEPT}/SelectorByAuth/0`)).data.list);
    const state = new Map(mine.map((n) => [n.id, n.disabled]));
    expect([...['org-company', 'dept-analysis', 'dept-chromatography', 'dept-quality'].map((id) => state.get(id))]).toEqual([true, true, false, false]);
    // Nothing else but what lies below those two, selectable.
    const rest = mine.filter((n) => !['org-company', 'dept-analysis', 'dept-chromatography', 'dept-quality'].includes(n.id));
    expect(rest.every((n) => (n.organizeIds as string[]).includes('dept-quality') && !n.disabled)).toBe(true);
    expect(state.has('dept-spectroscopy')).toBe(false);
  });

  it('serves what a JNPF web client\'s user page reads: Department/SelectorByAuth/0 and Department/Selector/0', async () => {
    for (const path of [`${DEPT}/SelectorByAuth/0`, `${DEPT}/Selector/0`]) {
      const response = await suite.app.inject({ method: 'GET', url: `${path}?n=1700000000`, headers: { authorization: suite.admin, 'jnpf-origin': 'pc' } });
      const body = response.json();
      expect(body).toMatchObject({ code: 200, msg: expect.any(String) });
      const walk = (nodes: Node[]) => {
        for (const node of nodes) {
          expect(typeof node.id).toBe('string');
          expect(typeof node.fullName).toBe('string');
          expect(['company', 'department']).toContain(node.type);
          expect(node.icon).toMatch(/^icon-ym /);
          expect(node.hasChildren).toBe(node.children.length > 0);
          expect(Array.isArray(node.organizeIds)).toBe(true);
          walk(node.children);
        }
      };
      walk(body.data.list);
      expect(flatten(body.data.list)).toHaveLength(await count());
    }
  });

  it('answers custom department ranges (OrganizeCondition) and every organisation (getAllOrg)', async () => {
    const range = await call(suite.staff, 'POST', `${BASE}/OrganizeCondition`, { departIds: ['dept-analysis--department'], keyword: '' });
    expect(range.code).toBe(200);
    expect(range.data.list).toHaveLength(1);
    expect(range.data.list[0]).toMatchObject({ id: 'dept-analysis', fullName: `${COMPANY_NAME}/分析测试部`, lastFullName: '分析测试部', type: 'department' });
    expect(range.data.list[0].children.map((n: Node) => n.lastFullName)).toEqual(expect.arrayContaining(['光谱组', '色谱组']));
    expect(flatten(range.data.list).every((n) => (n.organizeIds as string[]).includes('dept-analysis'))).toBe(true);
    const searched = (await call(suite.staff, 'POST', `${BASE}/OrganizeCondition`, { departIds: ['dept-analysis'], keyword: '光谱' })).data.list;
    expect(searched).toMatchObject([{ id: 'dept-spectroscopy', fullName: `${COMPANY_NAME}/分析测试部/光谱组`, lastFullName: '光谱组' }]);
    expect((await call(suite.staff, 'POST', `${BASE}/OrganizeCondition`, { departIds: [] })).data.list).toEqual([]);
    expect((await call(suite.staff, 'POST', `${BASE}/OrganizeCondition`, { departIds: { id: 'dept-it' } })).code).toBe(400);

    const all = await call(suite.staff, 'POST', `${BASE}/getAllOrg`);
    expect(all.data.list).toContainEqual(expect.objectContaining({ id: 'org-company', fullName: COMPANY_NAME }));
    expect(all.data.list.every((o: { id: string; fullName: string }) => typeof o.id === 'string' && typeof o.fullName === 'string')).toBe(true);
  });

  it('shows a renamed, moved or new department at once in the user list, the user pickers and a user record', async () => {
    // Those read a per-process organisation index (issue 15); every write of the tree must drop it.
    const USERS = '/api/permission/Users';
    const user = (await db().selectFrom('base_user').select(['id', 'account']).where('organize_id', '=', 'dept-chromatography').executeTakeFirstOrThrow());
    const shown = async () => {
      const list = (await call(suite.admin, 'GET', `${USERS}?currentPage=1&pageSize=100`)).data.list as { id: string; organize: string }[];
      const picked = (await call(suite.admin, 'POST', `${USERS}/getUserList`, { userId: [user.id] })).data.list as { id: string; organize: string }[];
      const record = (await call(suite.admin, 'GET', `${USERS}/${user.id}`)).data as { organize?: string };
      return { list: list.find((u) => u.id === user.id)!.organize, picked: picked.find((u) => u.id === user.id)!.organize, record };
    };
    const before = await shown();
    expect(before.list).toBe(`${COMPANY_NAME}/分析测试部/色谱组`);
    expect(before.picked).toBe(`${COMPANY_NAME}/分析测试部/色谱组`);

    const analysis = (await call(suite.admin, 'GET', `${BASE}/dept-analysis`)).data;
    expect((await call(suite.admin, 'PUT', `${BASE}/dept-analysis`, { ...analysis, fullName: '分析检测部' })).code).toBe(200);
    const renamed = await shown();
    expect(renamed.list).toBe(`${COMPANY_NAME}/分析检测部/色谱组`);
    expect(renamed.picked).toBe(`${COMPANY_NAME}/分析检测部/色谱组`);
    expect(JSON.stringify(renamed.record)).toContain('分析检测部');

    // A new department, then the user's own department moved under it: the path grows by one step.
    const created = await call(suite.admin, 'POST', DEPT, { parentId: 'dept-analysis', fullName: '仪器中心', enCode: `Inst${Date.now() % 100000}` });
    expect(created.code).toBe(200);
    const chromatography = (await call(suite.admin, 'GET', `${DEPT}/dept-chromatography`)).data;
    expect((await call(suite.admin, 'PUT', `${DEPT}/dept-chromatography`, { ...chromatography, parentId: created.data.id })).code).toBe(200);
    expect((await shown()).list).toBe(`${COMPANY_NAME}/分析检测部/仪器中心/色谱组`);

    // Put back as seeded, for the tests after this one.
    expect((await call(suite.admin, 'PUT', `${DEPT}/dept-chromatography`, { ...chromatography, parentId: 'dept-analysis' })).code).toBe(200);
    expect((await call(suite.admin, 'DELETE', `${DEPT}/${created.data.id}`)).code).toBe(200);
    expect((await call(suite.admin, 'PUT', `${BASE}/dept-analysis`, analysis)).code).toBe(200);
    expect((await shown()).list).toBe(`${COMPANY_NAME}/分析测试部/色谱组`);
  });

  it('answers a missing organisation with 404 and refuses malformed ids', async () => {
    expect(await call(suite.admin, 'GET', `${BASE}/no-such-org`)).toMatchObject({ code: 404, msg: '组织不存在' });
    expect((await call(suite.admin, 'GET', `${BASE}/${'x'.repeat(51)}`)).code).toBe(400);
    expect((await call(suite.admin, 'POST', DEPT, { parentId: 'dept-it', fullName: { text: 'x' }, enCode: 'Five' })).code).toBe(400);
  });
});
