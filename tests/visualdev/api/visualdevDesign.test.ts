import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

/**
 * Online-development designs (/api/visualdev/Base): saving checks the definitions and changes nothing when they
 * are refused; release makes a type-3 menu page with its permission entries, idempotently; every shared fixture
 * imports as a design and releases, or is refused for a reason written down here.
 */
const JNPF_FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/jnpf');
const LABCODE_FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/labcode');
const BASE = '/api/visualdev/Base';
const ONLINE_DEV_MENU = 'menu-onlineDev';

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

function multipart(fileName: string, content: string | Buffer) {
  const boundary = '----labcode-design-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/json\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The fixtures of one design: form, list and tables files that share a name. */
interface FixtureGroup {
  name: string;
  form?: unknown;
  list?: unknown;
  tables?: unknown;
}

function fixtureGroups(): FixtureGroup[] {
  const groups = new Map<string, FixtureGroup>();
  for (const dir of [JNPF_FIXTURES, LABCODE_FIXTURES]) {
    for (const file of fs.readdirSync(dir)) {
      const match = /^(.+)\.(form|list|tables)\.json$/.exec(file);
      if (!match) continue;
      const group = groups.get(match[1]) ?? { name: match[1] };
      group[match[2] as 'form' | 'list' | 'tables'] = readJson(path.join(dir, file));
      groups.set(match[1], group);
    }
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

const requisition = {
  form: readJson(path.join(JNPF_FIXTURES, 'requisition-subtable.form.json')),
  list: readJson(path.join(JNPF_FIXTURES, 'requisition-subtable.list.json')),
};
const recruitment = {
  form: readJson(path.join(JNPF_FIXTURES, 'recruitment-options.form.json')),
  list: readJson(path.join(JNPF_FIXTURES, 'recruitment-options.list.json')),
};

describe.each(testDatabases())('online-development designs on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const db = () => suite.database.db;
  const design = (change: object = {}) => ({
    fullName: '物资申领', enCode: 'designRequisition', category: 'matApply', webType: 2, formData: JSON.stringify(requisition.form), columnData: JSON.stringify(requisition.list), tables: '[]', ...change,
  });
  const total = async () => (await call(suite.admin, 'GET', `${BASE}?pageSize=500`)).data.pagination.total;

  it('creates, reads, lists, updates and deletes a design', async () => {
    const created = await call(suite.admin, 'POST', BASE, design());
    expect(created).toMatchObject({ code: 200, data: { enCode: 'designRequisition' } });
    const id = created.data.id;
    const info = (await call(suite.admin, 'GET', `${BASE}/${id}`)).data;
    expect(info).toMatchObject({ id, fullName: '物资申领', enCode: 'designRequisition', webType: 2, state: 0, category: 'matApply' });
    expect(JSON.parse(info.formData).fields).toHaveLength(requisition.form.fields.length);
    expect(JSON.parse(info.columnData).columnList).toHaveLength(requisition.list.columnList.length);

    const listed = (await call(suite.admin, 'GET', `${BASE}?keyword=Requisition&webType=2`)).data;
    expect(listed.pagination).toMatchObject({ currentPage: 1, total: 1 });
    // JNPF's list shows the category by name, the creator as name/account, and no definitions.
    expect(listed.list[0]).toMatchObject({ id, category: '物资申领', categoryId: 'matApply', isRelease: 0, creatorUser: expect.stringContaining('/admin') });
    expect(listed.list[0].formData).toBeUndefined();
    expect((await call(suite.admin, 'GET', `${BASE}?keyword=Requisition&webType=1`)).data.pagination.total).toBe(0);
    expect((await call(suite.admin, 'GET', `${BASE}?category=other`)).data.list.map((d: { id: string }) => d.id)).not.toContain(id);

    const updated = await call(suite.admin, 'PUT', `${BASE}/${id}`, design({ fullName: '物资申领单', formData: requisition.form, columnData: requisition.list }));
    expect(updated.code).toBe(200);
    expect((await call(suite.admin, 'GET', `${BASE}/${id}`)).data).toMatchObject({ fullName: '物资申领单', state: 0, lastModifyTime: expect.any(String) });

    const fields = (await call(suite.admin, 'GET', `${BASE}/${id}/FormDataFields`)).data.list;
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.every((f: { vModel: string; label: string }) => typeof f.vModel === 'string' && typeof f.label === 'string')).toBe(true);

    expect((await call(suite.admin, 'DELETE', `${BASE}/${id}`)).code).toBe(200);
    expect((await call(suite.admin, 'GET', `${BASE}/${id}`))).toMatchObject({ code: 404, msg: '功能设计不存在' });
  });

  it('copies a design as a draft with a suffixed name and code', async () => {
    const { data } = await call(suite.admin, 'POST', BASE, design({ enCode: 'designToCopy' }));
    const copy = await call(suite.admin, 'POST', `${BASE}/${data.id}/Actions/Copy`);
    expect(copy).toMatchObject({ code: 200, msg: '复制成功' });
    const info = (await call(suite.admin, 'GET', `${BASE}/${copy.data.id}`)).data;
    expect(info.fullName).toMatch(/^物资申领\.副本[0-9a-f]{5}$/);
    expect(info.enCode).toMatch(/^designToCopy[0-9a-f]{5}$/);
    expect(info.formData).toBe((await call(suite.admin, 'GET', `${BASE}/${data.id}`)).data.formData);
    // A name that would grow past 50 characters is refused, as JNPF does.
    const long = await call(suite.admin, 'POST', BASE, design({ enCode: 'designLongName', fullName: '长'.repeat(48) }));
    expect(await call(suite.admin, 'POST', `${BASE}/${long.data.id}/Actions/Copy`)).toMatchObject({ code: 400, msg: '功能名称最多为50个字符' });
  });

  it('refuses bad definitions with translated messages naming the field, and changes nothing', async () => {
    const before = await total();
    const field = (config: object, extra: object = {}) => ({ __config__: { label: '数量', ...config }, __vModel__: 'amount', ...extra });
    const form = (...fields: object[]) => JSON.stringify({ fields });
    const bad = (change: object, language = 'zh') =>
      suite.app.inject({ method: 'POST', url: BASE, headers: { authorization: suite.admin, 'accept-language': language }, payload: design({ enCode: 'designBad', ...change }) }).then((r) => r.json());

    expect(await bad({ formData: '{"fields": [' })).toMatchObject({ code: 400, msg: expect.stringContaining('不是有效的 JSON 表单定义') });
    expect(await bad({ formData: '{"fields": 3}' })).toMatchObject({ code: 400, msg: expect.stringContaining('不是有效的 JSON 表单定义') });
    expect(await bad({ columnData: '[1,' })).toMatchObject({ code: 400, msg: '列表配置不是有效的 JSON 对象' });
    expect(await bad({ tables: '{"table": "x"}' })).toMatchObject({ code: 400, msg: expect.stringContaining('数据表配置不正确') });
    expect(await bad({ tables: [{ table: 'a; drop table x', typeId: '1' }] })).toMatchObject({ code: 400, msg: expect.stringContaining('数据表配置不正确') });

    const unknown = await bad({ formData: form(field({ jnpfKey: 'magicWand' })) });
    expect(unknown).toMatchObject({ code: 400, msg: '字段“数量（amount）”的控件类型“magicWand”不存在' });
    expect(unknown.data.problems[0]).toMatchObject({ path: 'fields[0]', field: '数量（amount）' });
    expect(await bad({ formData: form(field({ jnpfKey: 'magicWand' })) }, 'en')).toMatchObject({ msg: 'Field "数量（amount）" uses the widget type "magicWand", which does not exist' });
    expect(await bad({ formData: form(field({ jnpfKey: 'magicWand' })) }, 'zh-TW')).toMatchObject({ msg: '欄位「数量（amount）」的控制項類型「magicWand」不存在' });
    // Inside a layout and a sub-table, the walk finds the field as the runtime does.
    const inCard = { __config__: { jnpfKey: 'card', children: [field({ jnpfKey: 'numInput' }), field({ jnpfKey: 'comInput', label: '数量2' })] } };
    expect(await bad({ formData: form(inCard) })).toMatchObject({ code: 400, msg: '字段名“amount”重复使用' });
    const table = { __config__: { jnpfKey: 'table', label: '明细', children: [field({ jnpfKey: 'numInput' }), field({ jnpfKey: 'numInput' })] }, __vModel__: 'items' };
    expect(await bad({ formData: form(table) })).toMatchObject({ code: 400, msg: '字段名“items.amount”重复使用' });
    expect(await bad({ formData: form(field({ jnpfKey: 'comInput' }, { __vModel__: undefined })) })).toMatchObject({ code: 400, msg: '字段“数量”没有字段名（__vModel__）' });
    expect(await bad({ formData: form(field({ jnpfKey: 'comInput' }, { __vModel__: 'a-b' })) })).toMatchObject({ code: 400, msg: expect.stringContaining('字段名“a-b”不正确') });
    expect(await bad({ formData: form(field({ jnpfKey: 'comInput', regList: [{ pattern: '/[a-/', message: 'x' }] })) })).toMatchObject({ code: 400, msg: '字段“数量（amount）”的校验规则“/[a-/”不是有效的正则表达式' });
    expect(await bad({ formData: form(field({ jnpfKey: 'calculate' }, { expression: ['(', { __vModel__: 'price' }, '×'] })) })).toMatchObject({ code: 400, msg: '字段“数量（amount）”的计算公式无法解析' });
    expect(await bad({ formData: form(field({ jnpfKey: 'calculate' }, { expression: 'price * (2' })) })).toMatchObject({ code: 400, msg: '字段“数量（amount）”的计算公式无法解析' });
    expect(await bad({ formData: form(field({ jnpfKey: 'calculate' }, { expression: { evil: true } })) })).toMatchObject({ code: 400, msg: '字段“数量（amount）”的计算公式无法解析' });

    expect(await bad({ fullName: '名'.repeat(51) })).toMatchObject({ code: 400, msg: '功能名称最多为50个字符' });
    expect(await bad({ enCode: 'c'.repeat(51) })).toMatchObject({ code: 400, msg: '功能编码最多为50个字符' });
    expect(await bad({ fullName: '  ' })).toMatchObject({ code: 400, msg: '请输入功能名称' });
    expect(await bad({ webType: 9 })).toMatchObject({ code: 400, msg: expect.stringContaining('页面类型须为1') });
    await call(suite.admin, 'POST', BASE, design({ enCode: 'designTaken' }));
    expect(await bad({ enCode: 'DESIGNTAKEN' })).toMatchObject({ code: 409, msg: '功能编码已存在' });
    expect(await total()).toBe(before + 1);

    // An update refused leaves the design as it was.
    const { data } = await call(suite.admin, 'POST', BASE, design({ enCode: 'designKeep' }));
    const kept = (await call(suite.admin, 'GET', `${BASE}/${data.id}`)).data;
    expect(await call(suite.admin, 'PUT', `${BASE}/${data.id}`, design({ enCode: 'designKeep', fullName: '改名', formData: form(field({ jnpfKey: 'magicWand' })) }))).toMatchObject({ code: 400 });
    expect(await call(suite.admin, 'PUT', `${BASE}/${data.id}`, design({ enCode: 'designTaken' }))).toMatchObject({ code: 409 });
    expect((await call(suite.admin, 'GET', `${BASE}/${data.id}`)).data).toEqual(kept);
  });

  it('releases a design to a type-3 menu with its buttons, columns and form fields, idempotently', async () => {
    const { data } = await call(suite.admin, 'POST', BASE, { fullName: '招聘登记', enCode: 'designRecruitment', webType: 2, formData: recruitment.form, columnData: recruitment.list });
    const id = data.id;
    const released = await call(suite.admin, 'POST', `${BASE}/${id}/Actions/Release`, { pc: 1, pcModuleParentId: [ONLINE_DEV_MENU], app: 0 });
    expect(released).toMatchObject({ code: 200, msg: '发布成功', data: { menuId: `visualdev-${id}` } });
    const menuId = released.data.menuId;

    const menu = await db().selectFrom('base_module').selectAll().where('id', '=', menuId).executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ type: 3, parent_id: ONLINE_DEV_MENU, en_code: 'designRecruitment', full_name: '招聘登记', is_button_authorize: 1 });
    expect(JSON.parse(menu.property_json!)).toMatchObject({ moduleId: id, isTree: 0 });
    const entries = async () => ({
      buttons: (await db().selectFrom('base_module_button').select(['id', 'en_code']).where('module_id', '=', menuId).orderBy('sort_code').execute()),
      columns: (await db().selectFrom('base_module_column').select(['id', 'en_code']).where('module_id', '=', menuId).orderBy('sort_code').execute()),
      forms: (await db().selectFrom('base_module_form').select(['id', 'en_code']).where('module_id', '=', menuId).orderBy('sort_code').execute()),
    });
    const first = await entries();
    // The list enables add and export at the top, edit, remove and detail per row.
    expect(first.buttons.map((b) => b.en_code)).toEqual(['btn_add', 'btn_download', 'btn_edit', 'btn_remove', 'btn_detail']);
    expect(first.columns.map((c) => c.en_code)).toEqual(recruitment.list.columnList.map((c: { prop: string }) => c.prop));
    expect(first.forms.length).toBeGreaterThan(10);
    expect(first.forms.map((f) => f.en_code)).toContain('f_apply');

    // The administrators' role holds the page and every entry.
    const adminGrants = await db().selectFrom('base_authorize').select(['item_type', 'item_id']).where('object_type', '=', 'Role').where('object_id', '=', 'role-admin')
      .where('item_id', 'in', [menuId, ...first.buttons.map((b) => b.id), ...first.columns.map((c) => c.id), ...first.forms.map((f) => f.id)]).execute();
    expect(adminGrants).toHaveLength(1 + first.buttons.length + first.columns.length + first.forms.length);

    // The records' table exists, with a column per field.
    const [main] = await db().selectFrom('base_visualdev_online_table').select('table_name').where('design_id', '=', id).where('role', '=', 'main').execute();
    const { rows: columns } = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = ${main.table_name}`.execute(db());
    expect(columns.map((c) => c.column_name)).toEqual(expect.arrayContaining(['id', 'f_apply']));

    const info = (await call(suite.admin, 'GET', `${BASE}/${id}`)).data;
    expect(info.state).toBe(1);
    expect(JSON.parse(info.platformRelease)).toMatchObject({ pc: 1, pcModuleParentId: ONLINE_DEV_MENU });

    // Again: the same page and the same entries (ids kept, so grants made on them stay), no duplicates.
    expect((await call(suite.admin, 'POST', `${BASE}/${id}/Actions/Release`, { pc: 1, pcModuleParentId: ONLINE_DEV_MENU })).code).toBe(200);
    expect(await entries()).toEqual(first);
    expect(await db().selectFrom('base_module').select('id').where('en_code', '=', 'designRecruitment').execute()).toHaveLength(1);

    // An edit makes it "released, changed" until released again; a removed list column loses its entry and grants.
    const list = { ...recruitment.list, columnList: recruitment.list.columnList.slice(1), btnsList: [{ value: 'add' }, { value: 'upload' }, { value: 'batchRemove' }] };
    await call(suite.admin, 'PUT', `${BASE}/${id}`, { fullName: '招聘登记', enCode: 'designRecruitment', webType: 2, formData: recruitment.form, columnData: list });
    expect((await call(suite.admin, 'GET', `${BASE}/${id}`)).data.state).toBe(2);
    // Without pc the page it already has is updated in place.
    expect((await call(suite.admin, 'POST', `${BASE}/${id}/Actions/Release`, {})).data.menuId).toBe(menuId);
    const second = await entries();
    expect(second.columns).toEqual(first.columns.slice(1));
    expect(second.buttons.map((b) => b.en_code)).toEqual(['btn_add', 'btn_upload', 'btn_batchRemove', 'btn_edit', 'btn_remove', 'btn_detail']);
    expect(second.buttons.find((b) => b.en_code === 'btn_add')!.id).toBe(first.buttons.find((b) => b.en_code === 'btn_add')!.id);
    expect(await db().selectFrom('base_authorize').select('id').where('item_id', '=', first.columns[0].id).execute()).toHaveLength(0);
    const snapshot = await db().selectFrom('base_visual_dev_release').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(snapshot.column_data!).columnList).toHaveLength(list.columnList.length);

    // The administrator's menu now holds the page.
    const menus = await call(suite.admin, 'GET', '/api/oauth/CurrentUser');
    expect(JSON.stringify(menus.data.menuList ?? menus.data)).toContain('designRecruitment');

    // Deleting the design removes its page and the grants on it.
    expect((await call(suite.admin, 'DELETE', `${BASE}/${id}`)).code).toBe(200);
    expect(await db().selectFrom('base_module').select('id').where('id', '=', menuId).execute()).toHaveLength(0);
    expect(await db().selectFrom('base_authorize').select('id').where('item_id', '=', menuId).execute()).toHaveLength(0);
  });

  it('refuses a release it cannot make, and leaves the design unreleased', async () => {
    const { data } = await call(suite.admin, 'POST', BASE, design({ enCode: 'system' }));
    // "system" is the system-management directory's code: the page would clash with it.
    expect(await call(suite.admin, 'POST', `${BASE}/${data.id}/Actions/Release`, { pc: 1, pcModuleParentId: ONLINE_DEV_MENU })).toMatchObject({ code: 409, msg: '菜单编码“system”已被其他菜单使用，请修改功能编码后再发布' });
    expect((await call(suite.admin, 'GET', `${BASE}/${data.id}`)).data.state).toBe(0);
    expect(await db().selectFrom('base_visual_dev_release').select('id').where('id', '=', data.id).execute()).toHaveLength(0);

    const other = (await call(suite.admin, 'POST', BASE, design({ enCode: 'designParent' }))).data;
    expect(await call(suite.admin, 'POST', `${BASE}/${other.id}/Actions/Release`, { pc: 1, pcModuleParentId: 'nope' })).toMatchObject({ code: 400, msg: '上级菜单不存在' });
    expect(await call(suite.admin, 'POST', `${BASE}/${other.id}/Actions/Release`, { pc: 1, pcModuleParentId: 'menu-onlineDev.webDesign' })).toMatchObject({ code: 400, msg: '上级菜单须为目录' });
    const listless = (await call(suite.admin, 'POST', BASE, design({ enCode: 'designListless', columnData: null }))).data;
    expect(await call(suite.admin, 'POST', `${BASE}/${listless.id}/Actions/Release`, { pc: 1, pcModuleParentId: ONLINE_DEV_MENU })).toMatchObject({ code: 400, msg: '表单加列表的功能须先设计列表' });
    expect(await db().selectFrom('base_module').select('id').where('id', 'in', [`visualdev-${other.id}`, `visualdev-${listless.id}`]).execute()).toHaveLength(0);
  });

  it('refuses a user without the design page, and lets every signed-in user use the selector', async () => {
    expect((await call(suite.staff, 'GET', BASE)).code).toBe(403);
    expect((await call(suite.staff, 'POST', BASE, design({ enCode: 'designByStaff' }))).code).toBe(403);
    const { data } = await call(suite.admin, 'POST', BASE, design({ enCode: 'designForStaff' }));
    expect((await call(suite.staff, 'GET', `${BASE}/${data.id}`)).code).toBe(403);
    expect((await call(suite.staff, 'POST', `${BASE}/${data.id}/Actions/Release`, { pc: 1, pcModuleParentId: ONLINE_DEV_MENU })).code).toBe(403);
    expect((await call(suite.staff, 'DELETE', `${BASE}/${data.id}`)).code).toBe(403);
    const selector = await call(suite.staff, 'GET', `${BASE}/Selector?webType=1,2`);
    expect(selector.code).toBe(200);
    const group = selector.data.list.find((g: { id: string }) => g.id === 'matApply');
    expect(group).toMatchObject({ fullName: '物资申领', hasChildren: true });
    expect(group.children.map((c: { id: string }) => c.id)).toContain(data.id);
    expect((await call(suite.staff, 'GET', `${BASE}/Selector?webType=4`)).data.list).toEqual([]);
  });

  it('gives a member of the administrators\' role the released page at once, in place of a stale cached menu', async () => {
    // A non-administrator account in the admin role (the test's own arrangement of the demo data).
    await db().insertInto('base_user_relation').values({ id: 'test-staff-admin-role', user_id: 'user-staff', object_type: 'Role', object_id: 'role-admin' }).execute();
    await suite.app.grants.invalidate();
    try {
      const menusOf = async () => JSON.stringify((await call(suite.staff, 'GET', '/api/oauth/CurrentUser')).data.menuList);
      // A permission-checked call loads the member's grants into the shared cache, before the page exists.
      expect((await call(suite.staff, 'GET', BASE)).code).toBe(403);
      expect(await menusOf()).not.toContain('designForAdmins');
      const { data } = await call(suite.admin, 'POST', BASE, design({ enCode: 'designForAdmins' }));
      expect((await call(suite.admin, 'POST', `${BASE}/${data.id}/Actions/Release`, { pc: 1, pcModuleParentId: ONLINE_DEV_MENU })).code).toBe(200);
      expect(await menusOf()).toContain('designForAdmins');
      // The runtime's permission check reads the cache: the release dropped the stale entry.
      expect((await call(suite.staff, 'POST', `/api/visualdev/OnlineDev/${data.id}/List`, {})).code).toBe(200);
    } finally {
      await db().deleteFrom('base_user_relation').where('id', '=', 'test-staff-admin-role').execute();
      await suite.app.grants.invalidate();
    }
  });

  it('exports a design and imports the file back as a new draft', async () => {
    const { data } = await call(suite.admin, 'POST', BASE, design({ enCode: 'designExport' }));
    const exported = await call(suite.admin, 'GET', `${BASE}/${data.id}/Actions/Export`);
    expect(exported.data.name).toBe('物资申领-designExport.json');
    const file = (await suite.app.inject({ method: 'GET', url: exported.data.url, headers: { authorization: suite.admin } })).body;
    const again = multipart('design.json', file);
    // The code is taken: the import is refused and nothing is written.
    const before = await total();
    const taken = await suite.app.inject({ method: 'POST', url: `${BASE}/Actions/Import`, headers: { authorization: suite.admin, ...again.headers }, payload: again.payload });
    expect(taken.json()).toMatchObject({ code: 409, msg: '功能编码已存在' });
    const renamed = multipart('design.json', JSON.stringify({ ...JSON.parse(file), enCode: 'designImported' }));
    const imported = (await suite.app.inject({ method: 'POST', url: `${BASE}/Actions/Import`, headers: { authorization: suite.admin, ...renamed.headers }, payload: renamed.payload })).json();
    expect(imported).toMatchObject({ code: 200, data: { enCode: 'designImported' } });
    const original = (await call(suite.admin, 'GET', `${BASE}/${data.id}`)).data;
    const copy = (await call(suite.admin, 'GET', `${BASE}/${imported.data.id}`)).data;
    expect({ ...copy, id: 0, enCode: 0, creatorTime: 0 }).toEqual({ ...original, id: 0, enCode: 0, creatorTime: 0 });
    expect(await total()).toBe(before + 1);
    for (const content of ['not json', '[]', '{"fullName": "x"}', JSON.stringify({ fullName: 'x', enCode: 'y' })]) {
      const body = multipart('bad.json', content);
      expect((await suite.app.inject({ method: 'POST', url: `${BASE}/Actions/Import`, headers: { authorization: suite.admin, ...body.headers }, payload: body.payload })).json()).toMatchObject({ code: 400, msg: '导入文件不是功能设计的导出文件' });
    }
    expect((await suite.app.inject({ method: 'POST', url: `${BASE}/Actions/Import`, headers: { authorization: suite.staff, ...renamed.headers }, payload: renamed.payload })).json().code).toBe(403);
  });

  it('imports every shared fixture as a design and releases it', async () => {
    const groups = fixtureGroups();
    expect(groups.length).toBeGreaterThanOrEqual(17);
    const outcomes: Record<string, string> = {};
    for (const group of groups) {
      const file = {
        fullName: group.name.slice(0, 50),
        enCode: `fx_${group.name.replace(/-/g, '_')}`.slice(0, 50),
        category: 'other',
        // A form with a list is a list page; a form alone is a form page.
        webType: group.list ? 2 : 1,
        formData: group.form === undefined ? null : JSON.stringify(group.form),
        columnData: group.list === undefined ? null : JSON.stringify(group.list),
        tables: JSON.stringify(group.tables ?? []),
      };
      const body = multipart(`${group.name}.json`, JSON.stringify(file));
      const imported = (await suite.app.inject({ method: 'POST', url: `${BASE}/Actions/Import`, headers: { authorization: suite.admin, ...body.headers }, payload: body.payload })).json();
      if (imported.code !== 200) {
        outcomes[group.name] = `import: ${imported.msg}`;
        continue;
      }
      const released = await call(suite.admin, 'POST', `${BASE}/${imported.data.id}/Actions/Release`, { pc: 1, pcModuleParentId: [ONLINE_DEV_MENU] });
      outcomes[group.name] = released.code === 200 ? 'released' : `release: ${released.msg}`;
      if (released.code === 200) {
        const forms = await db().selectFrom('base_module_form').select('id').where('module_id', '=', released.data.menuId).execute();
        expect(forms.length, group.name).toBeGreaterThan(0);
      }
    }
    const expected: Record<string, string> = Object.fromEntries(groups.map((g) => [g.name, 'released']));
    // The one refusal, a real problem: this file is a V5 list whose form was never published with it, and a list
    // page cannot be released without the form its columns come from.
    expected['purchase-order-v5'] = 'release: 请先设计表单';
    // nested-collapse-tab-layout keys a text field `id` (JNPF forms over existing tables show the key): it is the
    // record's id, not a column of its own (onlineData, decision 68), so that fixture releases too.
    expect(outcomes).toEqual(expected);
  });
});
