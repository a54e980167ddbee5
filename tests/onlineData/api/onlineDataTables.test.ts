import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/kernel/server/db/id.js';
import { ensureDataTables, tablePlan } from '../../../src/modules/onlineData/server/dataTables.js';
import { AppError } from '../../../src/kernel/server/appError.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { purchase, purchaseForm, purchaseList } from './onlineDataDesign.js';
import { tokenFor } from '../../support/api/signIn.js';
import { TEST_PASSWORDS, testDatabases } from '../../support/api/testDatabases.js';

/**
 * The plan of a design's tables (pure), what ensureDataTables refuses, and the released menu's column and form
 * permissions and the relation reads across designs.
 */
const DESIGN = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';
const design = (change: object = {}) => ({ id: 'd1', en_code: 'purchase', full_name: '采购', form_data: JSON.stringify(purchaseForm), column_data: JSON.stringify(purchaseList), tables: '[]', ...change });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? `${error.messageKey} ${JSON.stringify(error.params)}` : String(error);
  }
  return 'accepted';
};

describe('the table plan of a design', () => {
  it('names the tables, types the columns per widget and indexes what the list searches and sorts', () => {
    const plan = tablePlan(design());
    expect(plan.main.name).toBe('vd_purchase');
    const types = Object.fromEntries(plan.main.columns.map((c) => [c.name, c.type]));
    expect(types).toEqual({ title: 'text', code: 'text', kind: 'text', budget: 'numeric', needdate: 'timestamptz', buyer: 'text', billno: 'text', total: 'numeric' });
    expect(plan.main.system.map((c) => c.name)).toContain('f_organize_id');
    expect(plan.children).toHaveLength(1);
    expect(plan.children[0]).toMatchObject({ name: 'vd_purchase_item', field: 'items', foreignKey: 'f_foreign_id' });
    expect(plan.children[0].columns.map((c) => `${c.name}:${c.type}`)).toEqual(['material:text', 'price:numeric', 'qty:numeric', 'amount:numeric']);
    expect(plan.main.indexes.map((i) => i.columns.join())).toEqual(expect.arrayContaining(['kind', 'title', 'budget', 'f_creator_time', 'f_creator_user_id']));
    // The title is searched by "contains" and by the keyword: it gets the gram index too (decision 224).
    expect(plan.main.searchIndexes).toEqual([{ name: 'vd_purchase_title_search_idx', columns: ['title'] }]);
    // JNPF's table list names the main table when it has one.
    expect(tablePlan(design({ tables: JSON.stringify([{ table: 'Purchase_Order', typeId: '1' }]) })).main.name).toBe('vd_purchase_order');
    expect(tablePlan(design())).toEqual(plan);
  });

  it('refuses names that are no identifiers, collide or do not fit', () => {
    expect(refusal(() => tablePlan(design({ en_code: 'x; drop table base_user' })))).toContain('onlineData.designNotStorable');
    const withField = (field: object) => design({ form_data: JSON.stringify({ fields: [...purchaseForm.fields, field] }) });
    expect(refusal(() => tablePlan(withField({ __config__: { jnpfKey: 'comInput', label: '重名' }, __vModel__: 'Title' })))).toContain('Title');
    expect(refusal(() => tablePlan(withField({ __config__: { jnpfKey: 'comInput', label: '注入' }, __vModel__: 'a"b' })))).toContain('onlineData.designNotStorable');
    expect(refusal(() => tablePlan(withField({ __config__: { jnpfKey: 'comInput', label: '系统列' }, __vModel__: 'f_creator_time' })))).toContain('f_creator_time');
    expect(refusal(() => tablePlan(design({ en_code: 'x'.repeat(60) })))).toContain('onlineData.designNotStorable');
    expect(refusal(() => tablePlan(design({ form_data: '{' })))).toContain('formData');
  });
});

describe.each(testDatabases({ everyEngine: true }))('design tables and released-menu permissions on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const db = () => suite.database.db;
  let purchaseId: string;
  let requestId: string;
  let clerk: string;
  let requester: string;

  const release = async (fullName: string, enCode: string, form: object, list: object) => {
    const created = await call(suite.admin, 'POST', DESIGN, { fullName, enCode, category: 'matApply', webType: 2, formData: JSON.stringify(form), columnData: JSON.stringify(list), tables: '[]' });
    expect(created.code, created.msg).toBe(200);
    const released = await call(suite.admin, 'POST', `${DESIGN}/${created.data.id}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'] });
    expect(released.code, released.msg).toBe(200);
    return { id: created.data.id as string, menuId: released.data.menuId as string };
  };

  beforeAll(async () => {
    // Purchases with column and form permission on; requests that pick a purchase by a relation form.
    const purchases = await release('权限采购', 'perm_purchase', purchaseForm, { ...purchaseList, useColumnPermission: true, useFormPermission: true });
    purchaseId = purchases.id;
    const requestForm = { fields: [
      { __config__: { jnpfKey: 'comInput', label: '事由', required: true }, __vModel__: 'reason' },
      { __config__: { jnpfKey: 'relationForm', label: '关联采购' }, __vModel__: 'purchaseRef', modelId: purchaseId, relationField: 'title' },
    ] };
    const requests = await release('申请', 'perm_request', requestForm, { type: 1, columnList: [{ prop: 'reason', label: '事由' }, { prop: 'purchaseRef', label: '关联采购' }], btnsList: [{ value: 'add' }] });
    requestId = requests.id;

    const role = await call(suite.admin, 'POST', '/api/permission/Role', { fullName: '字段权限角色', enCode: 'odFieldRole', globalMark: 1 });
    expect(role.code, role.msg).toBe(200);
    const { password_hash } = await db().selectFrom('base_user').select('password_hash').where('account', '=', 'staff').executeTakeFirstOrThrow();
    await db().insertInto('base_user').values({ id: 'od-field', account: 'od_field', real_name: '字段用户', organize_id: 'dept-analysis', position_id: null, gender: 1, mobile: '13900000012', email: 'odf@example.com', password_hash, change_password_date: new Date() }).execute();
    await db().insertInto('base_user_relation').values({ id: newId(), user_id: 'od-field', object_type: 'Role', object_id: role.data.id }).execute();
    const items: [string, string][] = [['module', 'menu-onlineDev'], ['module', purchases.menuId], ['module', requests.menuId]];
    for (const b of await db().selectFrom('base_module_button').select(['id', 'en_code', 'module_id']).where('module_id', 'in', [purchases.menuId, requests.menuId]).execute()) {
      if (b.en_code === 'btn_add' || b.en_code === 'btn_edit') items.push(['button', b.id]);
    }
    // Columns: title and kind, not budget. Form fields: everything but budget and the sub-table's price.
    for (const c of await db().selectFrom('base_module_column').select(['id', 'en_code']).where('module_id', '=', purchases.menuId).execute()) if (c.en_code !== 'budget') items.push(['column', c.id]);
    for (const f of await db().selectFrom('base_module_form').select(['id', 'en_code']).where('module_id', '=', purchases.menuId).execute()) if (f.en_code !== 'budget' && f.en_code !== 'items-price') items.push(['form', f.id]);
    await db().insertInto('base_authorize').values(items.map(([item_type, item_id]) => ({ id: newId(), item_type, item_id, object_type: 'Role', object_id: role.data.id }))).execute();
    await suite.app.grants.invalidate();
    clerk = await tokenFor(suite.app, 'od_field', TEST_PASSWORDS.demoUser);

    // A requester holds the request page only: purchases reach them through the relation form.
    const requesterRole = await call(suite.admin, 'POST', '/api/permission/Role', { fullName: '申请人角色', enCode: 'odRequester', globalMark: 1 });
    await db().insertInto('base_user').values({ id: 'od-rel', account: 'od_rel', real_name: '申请人', organize_id: 'dept-analysis', position_id: null, gender: 1, mobile: '13900000013', email: 'odr@example.com', password_hash, change_password_date: new Date() }).execute();
    await db().insertInto('base_user_relation').values({ id: newId(), user_id: 'od-rel', object_type: 'Role', object_id: requesterRole.data.id }).execute();
    await db().insertInto('base_authorize').values([['module', 'menu-onlineDev'], ['module', requests.menuId]].map(([item_type, item_id]) => ({ id: newId(), item_type, item_id, object_type: 'Role', object_id: requesterRole.data.id }))).execute();
    await suite.app.grants.invalidate();
    requester = await tokenFor(suite.app, 'od_rel', TEST_PASSWORDS.demoUser);
  });

  it('finds and counts by keyword through the gram index exactly what a plain ilike finds: case, one character, wildcards, CJK', async () => {
    const form = { fields: [
      { __config__: { jnpfKey: 'comInput', label: '名称' }, __vModel__: 'name' },
      { __config__: { jnpfKey: 'comInput', label: '规格' }, __vModel__: 'spec' },
    ] };
    const searched = await release('关键词', 'kw_search', form, { type: 1, searchList: [{ __vModel__: 'name', searchType: 2, isKeyword: true }, { __vModel__: 'spec', searchType: 2, isKeyword: true }], columnList: [{ prop: 'name', label: '名称' }, { prop: 'spec', label: '规格' }], btnsList: [{ value: 'add' }] });
    const names = ['无水乙醇', '乙醇 AR', 'Ethanol 99.5%', 'ETHANOL_abs', '硫酸', 'a', 'A_B', '50%乙醇', '100% 甲醇', 'Ωmega', '𝛼-萘酚', 'x\\y', ''];
    await db().insertInto('vd_kw_search' as never).values(names.map((name, i) => ({ id: `kw${i}`, f_creator_time: new Date(Date.now() - i * 1000), name, spec: i % 2 ? `${i}ml` : null })) as never).execute();
    const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'vd_kw_search' and indexdef like '%lc_search_grams%'`.execute(db());
    expect(indexes.rows.map((r) => r.indexname).sort()).toEqual(['vd_kw_search_name_search_idx', 'vd_kw_search_spec_search_idx']);
    for (const keyword of ['乙醇', '醇', 'ethanol', 'ETH', '%', '_', '9.5%', 'a', 'Ω', 'ωM', '𝛼', '𝛼-', 'x\\y', '1ml', '无水乙醇 ', '不存在']) {
      const answer = await call(suite.admin, 'POST', `${ONLINE}/${searched.id}/List`, { keyword, pageSize: 50 });
      expect(answer.code, answer.msg).toBe(200);
      const lowered = keyword.trim().toLowerCase();
      const expected = names.filter((name, i) => name.toLowerCase().includes(lowered) || (i % 2 ? `${i}ml` : '').includes(lowered));
      expect(answer.data.list.map((r: { name: string }) => r.name).sort(), keyword).toEqual(expected.sort());
      // The count reads the index alone for keywords of one or two characters: it still agrees.
      expect(answer.data.pagination.total, keyword).toBe(expected.length);
    }
    // The index serves the condition (the planner picks it once a scan of the table is ruled out).
    const plan = await db().transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select id from vd_kw_search where lc_search_grams(name) @> lc_search_key('乙醇') and name ilike '%乙醇%'`.execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('vd_kw_search_name_search_idx');
  });

  it('refuses a second design naming a table another owns, and a table no release made', async () => {
    const taken = await db().transaction().execute(async (trx) => ensureDataTables(trx, design({ id: 'other-design', en_code: 'perm_purchase' })).then(() => 'made', (e: AppError) => e.messageKey));
    expect(taken).toBe('onlineData.tableTaken');
    await sql`create table vd_stray (id text primary key)`.execute(db());
    const stray = await db().transaction().execute(async (trx) => ensureDataTables(trx, design({ id: 'stray-design', en_code: 'stray' })).then(() => 'made', (e: AppError) => e.messageKey));
    expect(stray).toBe('onlineData.tableTaken');
  });

  it('applies column and form permissions of the released menu', async () => {
    const { budget: _budget, ...visible } = purchase('字段权限');
    const setsHidden = await call(clerk, 'POST', `${ONLINE}/${purchaseId}`, { data: JSON.stringify(purchase('带预算')) });
    expect(setsHidden.code).toBe(403);
    expect(setsHidden.msg).toContain('budget');
    const created = await call(clerk, 'POST', `${ONLINE}/${purchaseId}`, { data: JSON.stringify({ ...visible, items: visible.items.map(({ price: _p, ...row }) => ({ ...row, amount: 0 })), total: 0 }) });
    expect(created.code, created.msg).toBe(200);
    await call(suite.admin, 'PUT', `${ONLINE}/${purchaseId}/${created.data.id}`, { data: JSON.stringify(purchase('字段权限')) });
    const rows = (await call(clerk, 'POST', `${ONLINE}/${purchaseId}/List`, {})).data.list;
    expect(rows[0]).toHaveProperty('title', '字段权限');
    expect(rows[0]).not.toHaveProperty('budget');
    const record = JSON.parse((await call(clerk, 'GET', `${ONLINE}/${purchaseId}/${created.data.id}`)).data.data);
    expect(record).not.toHaveProperty('budget');
    expect(record.items[0]).not.toHaveProperty('price');
    // An edit by the clerk keeps the budget they cannot see.
    const { budget: _b, ...edit } = purchase('字段权限改');
    expect((await call(clerk, 'PUT', `${ONLINE}/${purchaseId}/${created.data.id}`, { data: JSON.stringify({ ...edit, items: [], total: 0 }) })).code).toBe(200);
    const stored = JSON.parse((await call(suite.admin, 'GET', `${ONLINE}/${purchaseId}/${created.data.id}`)).data.data);
    expect(stored).toMatchObject({ title: '字段权限改', budget: 500 });
  });

  it('lets a relation form read the related design through ListLink and DataChange, not List', async () => {
    const target = (await call(suite.admin, 'POST', `${ONLINE}/${purchaseId}`, { data: JSON.stringify(purchase('被关联的采购')) })).data.id;
    const staffCannot = await call(suite.staff, 'POST', `${ONLINE}/${purchaseId}/ListLink`, {});
    expect(staffCannot.code).toBe(403);
    expect((await call(requester, 'POST', `${ONLINE}/${purchaseId}/List`, {})).code).toBe(403);
    const link = await call(requester, 'POST', `${ONLINE}/${purchaseId}/ListLink`, { keyword: '被关联' });
    expect(link.code, link.msg).toBe(200);
    expect(link.data.list.map((r: { id: string }) => r.id)).toEqual([target]);
    expect(JSON.parse((await call(requester, 'GET', `${ONLINE}/${purchaseId}/${target}/DataChange`)).data.data)).toMatchObject({ title: '被关联的采购' });
    const created = await call(clerk, 'POST', `${ONLINE}/${requestId}`, { data: JSON.stringify({ reason: '领用', purchaseRef: target }) });
    expect(created.code, created.msg).toBe(200);
    const shown = JSON.parse((await call(clerk, 'GET', `${ONLINE}/${requestId}/${created.data.id}/DataChange`)).data.data);
    expect(shown).toMatchObject({ reason: '领用', purchaseRef: '被关联的采购', purchaseRef_id: target });
    const listed = (await call(suite.admin, 'POST', `${ONLINE}/${requestId}/List`, {})).data.list;
    expect(listed[0]).toMatchObject({ purchaseRef: '被关联的采购' });
  });
  it('answers FieldDataSelect: a relation picker\'s page of the related design, under the relation access', async () => {
    const target = (await call(suite.admin, 'POST', `${ONLINE}/${purchaseId}`, { data: JSON.stringify(purchase('选择器里的采购')) })).data.id;
    const page = await call(requester, 'GET', `${DESIGN}/${purchaseId}/FieldDataSelect?keyword=${encodeURIComponent('选择器')}&relationField=title&columnOptions=title,kind&currentPage=1&pageSize=5`);
    expect(page.code, page.msg).toBe(200);
    expect(page.data.list.map((r: { id: string }) => r.id)).toEqual([target]);
    expect(page.data.list[0]).toMatchObject({ title: '选择器里的采购' });
    expect(page.data.pagination).toMatchObject({ currentPage: 1, pageSize: 5, total: 1 });
    // Without a keyword, a page of everything; the keyword looks only in the named text fields.
    const all = await call(requester, 'GET', `${DESIGN}/${purchaseId}/FieldDataSelect?relationField=title&pageSize=2`);
    expect(all.data.list).toHaveLength(2);
    expect(all.data.pagination.total).toBeGreaterThan(2);
    expect((await call(requester, 'GET', `${DESIGN}/${purchaseId}/FieldDataSelect?keyword=${encodeURIComponent('选择器')}&columnOptions=budget`)).data.list).toEqual([]);
    // Staff open neither design's menu; a design never released has no records to pick.
    expect((await call(suite.staff, 'GET', `${DESIGN}/${purchaseId}/FieldDataSelect`)).code).toBe(403);
    const draft = await call(suite.admin, 'POST', DESIGN, { fullName: '草稿', enCode: 'perm_draft', webType: 2, formData: JSON.stringify(purchaseForm), columnData: JSON.stringify(purchaseList), tables: '[]' });
    expect(await call(suite.admin, 'GET', `${DESIGN}/${draft.data.id}/FieldDataSelect`)).toMatchObject({ code: 404, msg: '功能不存在或尚未发布' });
    expect((await call(suite.admin, 'GET', `${DESIGN}/${purchaseId}/FieldDataSelect?pageSize=${'9'.repeat(20)}`)).code).toBe(400);
  });

  it('applies the data scope of the referring menu to relation reads: a record outside it is refused', async () => {
    const mine = (await call(suite.admin, 'POST', `${ONLINE}/${purchaseId}`, { data: JSON.stringify(purchase('申请人自己的采购')) })).data.id;
    const theirs = (await call(suite.admin, 'POST', `${ONLINE}/${purchaseId}`, { data: JSON.stringify(purchase('别人的采购')) })).data.id;
    await sql`update vd_perm_purchase set f_creator_user_id = 'od-rel' where id = ${mine}`.execute(db());
    // The requester's role gets the scheme "own records" on the request page, the menu their relation reads go through.
    const requestMenu = (await db().selectFrom('base_module').select('id').where('en_code', '=', 'perm_request').executeTakeFirstOrThrow()).id;
    const role = await db().selectFrom('base_role').select('id').where('en_code', '=', 'odRequester').executeTakeFirstOrThrow();
    await db().insertInto('base_module_data_scheme').values({ id: 'od-rel-own', module_id: requestMenu, en_code: 'relOwn', full_name: '本人', kind: 'own', condition_json: null }).execute();
    await db().insertInto('base_authorize').values({ id: newId(), item_type: 'resource', item_id: 'od-rel-own', object_type: 'Role', object_id: role.id }).execute();
    await suite.app.grants.invalidate();

    const link = await call(requester, 'POST', `${ONLINE}/${purchaseId}/ListLink`, { pageSize: 100 });
    expect(link.data.list.map((r: { id: string }) => r.id)).toEqual([mine]);
    const picker = await call(requester, 'GET', `${DESIGN}/${purchaseId}/FieldDataSelect?pageSize=100`);
    expect(picker.data.list.map((r: { id: string }) => r.id)).toEqual([mine]);
    expect((await call(requester, 'GET', `${ONLINE}/${purchaseId}/${mine}/DataChange`)).code).toBe(200);
    const refused = await call(requester, 'GET', `${ONLINE}/${purchaseId}/${theirs}/DataChange`);
    expect(refused).toMatchObject({ code: 404, msg: '数据不存在或已被删除' });
    expect((await call(requester, 'POST', `${ONLINE}/${purchaseId}/DataChange`, { id: theirs })).code).toBe(404);
  });

  it('shows a bill-rule template picker by the rule\'s name in lists', async () => {
    const rule = await db().selectFrom('base_bill_rule').select(['id', 'en_code', 'full_name']).orderBy('en_code').executeTakeFirstOrThrow();
    const form = { fields: [
      { __config__: { jnpfKey: 'comInput', label: '名称', required: true }, __vModel__: 'name' },
      { __config__: { jnpfKey: 'billRuleSelect', label: '单据模板' }, __vModel__: 'template' },
    ] };
    const released = await release('单据模板', 'perm_rules', form, { type: 1, columnList: [{ prop: 'name', label: '名称' }, { prop: 'template', label: '单据模板' }], btnsList: [{ value: 'add' }] });
    for (const [name, stored] of [['按编号', rule.id], ['按编码', rule.en_code]]) {
      const created = await call(suite.admin, 'POST', `${ONLINE}/${released.id}`, { data: JSON.stringify({ name, template: stored }) });
      expect(created.code, created.msg).toBe(200);
    }
    const rows = (await call(suite.admin, 'POST', `${ONLINE}/${released.id}/List`, { sidx: 'name', sort: 'asc' })).data.list;
    expect(rows.map((r: { name: string; template: string; template_id: string }) => [r.name, r.template, r.template_id]).sort()).toEqual([['按编号', rule.full_name, rule.id], ['按编码', rule.full_name, rule.en_code]].sort());
  });

  it('deleting a design undoes its release in one go: menu and entries, table registrations, tables set aside', async () => {
    const gone = await release('将删除', 'perm_gone', purchaseForm, purchaseList);
    const record = await call(suite.admin, 'POST', `${ONLINE}/${gone.id}`, { data: JSON.stringify(purchase('删除前的记录')) });
    expect(record.code, record.msg).toBe(200);
    const tableExists = async (name: string) => (await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${name}`.execute(db())).rows[0].n === 1;
    expect(await tableExists('vd_perm_gone')).toBe(true);
    // Staff lack the remove button: refused, nothing changes.
    expect((await call(suite.staff, 'DELETE', `${DESIGN}/${gone.id}`)).code).toBe(403);
    expect(await tableExists('vd_perm_gone')).toBe(true);

    const deleted = await call(suite.admin, 'DELETE', `${DESIGN}/${gone.id}`);
    expect(deleted.code, deleted.msg).toBe(200);
    expect(deleted.data.retiredTables).toEqual(expect.arrayContaining([{ tableName: 'vd_perm_gone', keptAs: 'vd_perm_gone_del1' }, { tableName: 'vd_perm_gone_item', keptAs: 'vd_perm_gone_item_del1' }]));
    expect(await db().selectFrom('base_module').select('id').where('id', '=', gone.menuId).execute()).toHaveLength(0);
    expect(await db().selectFrom('base_module_button').select('id').where('module_id', '=', gone.menuId).execute()).toHaveLength(0);
    expect(await db().selectFrom('base_module_column').select('id').where('module_id', '=', gone.menuId).execute()).toHaveLength(0);
    expect(await db().selectFrom('base_authorize').select('id').where('item_id', '=', gone.menuId).execute()).toHaveLength(0);
    expect(await db().selectFrom('base_visualdev_online_table').select('table_name').where('design_id', '=', gone.id).execute()).toHaveLength(0);
    expect(await db().selectFrom('base_visualdev_online_model').select('design_id').where('design_id', '=', gone.id).execute()).toHaveLength(0);
    expect((await call(suite.admin, 'GET', `${ONLINE}/${gone.id}/Config`)).code).toBe(404);
    // The rows are kept aside, not lost; the old name is free for a new design, with indexes of its own.
    expect(await tableExists('vd_perm_gone')).toBe(false);
    expect((await sql<{ title: string }>`select title from vd_perm_gone_del1`.execute(db())).rows).toEqual([{ title: '删除前的记录' }]);
    expect((await sql<{ n: number }>`select count(*)::int as n from vd_perm_gone_item_del1`.execute(db())).rows[0].n).toBe(2);
    const again = await release('重建', 'perm_gone', purchaseForm, purchaseList);
    expect((await call(suite.admin, 'POST', `${ONLINE}/${again.id}`, { data: JSON.stringify(purchase('新表的记录')) })).code).toBe(200);
    expect((await call(suite.admin, 'POST', `${ONLINE}/${again.id}/List`, {})).data.list.map((r: { title: string }) => r.title)).toEqual(['新表的记录']);
    // Deleting the new one sets its tables aside under the next free name.
    expect((await call(suite.admin, 'DELETE', `${DESIGN}/${again.id}`)).data.retiredTables).toEqual(expect.arrayContaining([{ tableName: 'vd_perm_gone', keptAs: 'vd_perm_gone_del2' }]));
  });
});
