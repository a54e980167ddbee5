import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/kernel/server/db/id.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { purchase, purchaseForm, purchaseList } from './onlineDataDesign.js';
import { tokenFor } from '../../support/api/signIn.js';
import { TEST_PASSWORDS, testDatabases } from '../../support/api/testDatabases.js';

/**
 * The runtime of a released design (spec 001 §7 Online data), through the real design API and release: records
 * in the design's own tables (sub-table rows as child rows), every write recalculated and validated on the
 * server, search, sort and paging, display values, export, template and import, and the released menu's
 * permissions (menu, buttons, data scope).
 */
const DESIGN = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';

describe.each(testDatabases())('online-development records on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const db = () => suite.database.db;
  let designId: string;
  let menuId: string;
  let clerk: string;
  let clerkId: string;
  const create = (token: string, values: object) => call(token, 'POST', `${ONLINE}/${designId}`, { data: JSON.stringify(values) });
  const count = async () => Number((await sql<{ n: number }>`select count(*) as n from vd_purchase_test`.execute(db())).rows[0].n);
  const list = (token: string, body: object = {}) => call(token, 'POST', `${ONLINE}/${designId}/List`, { currentPage: 1, pageSize: 20, ...body });

  beforeAll(async () => {
    const created = await call(suite.admin, 'POST', DESIGN, {
      fullName: '采购申请', enCode: 'purchase_test', category: 'matApply', webType: 2, formData: JSON.stringify(purchaseForm), columnData: JSON.stringify(purchaseList), tables: '[]',
    });
    expect(created.code, created.msg).toBe(200);
    designId = created.data.id;
    const released = await call(suite.admin, 'POST', `${DESIGN}/${designId}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);
    menuId = released.data.menuId;

    // A clerk holding the released page with add and edit, but neither remove nor export, and only their own rows.
    const role = await call(suite.admin, 'POST', '/api/permission/Role', { fullName: '在线采购员', enCode: 'onlinePurchaseClerk', globalMark: 1 });
    expect(role.code, role.msg).toBe(200);
    const { password_hash } = await db().selectFrom('base_user').select('password_hash').where('account', '=', 'staff').executeTakeFirstOrThrow();
    clerkId = 'od-clerk';
    await db().insertInto('base_user').values({ id: clerkId, account: 'od_clerk', real_name: '采购员甲', organize_id: 'dept-analysis', position_id: null, gender: 1, mobile: '13900000011', email: 'odc@example.com', password_hash, change_password_date: new Date() }).execute();
    await db().insertInto('base_user_relation').values({ id: newId(), user_id: clerkId, object_type: 'Role', object_id: role.data.id }).execute();
    const buttons = await db().selectFrom('base_module_button').select(['id', 'en_code']).where('module_id', '=', menuId).execute();
    await db().insertInto('base_module_data_scheme').values({ id: 'od-own', module_id: menuId, en_code: 'own', full_name: '本人', kind: 'own', condition_json: null }).execute();
    const items: [string, string][] = [['module', 'menu-onlineDev'], ['module', menuId], ['resource', 'od-own']];
    for (const b of buttons) if (b.en_code === 'btn_add' || b.en_code === 'btn_edit') items.push(['button', b.id]);
    await db().insertInto('base_authorize').values(items.map(([item_type, item_id]) => ({ id: newId(), item_type, item_id, object_type: 'Role', object_id: role.data.id }))).execute();
    await suite.app.grants.invalidate();
    clerk = await tokenFor(suite.app, 'od_clerk', TEST_PASSWORDS.demoUser);
  });

  it('answers the released configuration', async () => {
    const config = await call(suite.admin, 'GET', `${ONLINE}/${designId}/Config`);
    expect(config).toMatchObject({ code: 200, data: { id: designId, enCode: 'purchase_test', webType: 2 } });
    expect(JSON.parse(config.data.formData).fields).toHaveLength(purchaseForm.fields.length);
    expect(JSON.parse(config.data.columnData).searchList).toHaveLength(3);
  });

  it('stores a record in its own tables: recalculated, numbered, sub-table rows as child rows', async () => {
    // The client leaves calculated results out: the server computes them.
    const { total: _total, ...withoutTotal } = purchase('首批试剂');
    const answer = await create(suite.admin, { ...withoutTotal, items: withoutTotal.items.map(({ amount: _a, ...row }) => row), billNo: 'forged' });
    expect(answer.code, answer.msg).toBe(200);
    const row = (await sql<Record<string, unknown>>`select * from vd_purchase_test where id = ${answer.data.id}`.execute(db())).rows[0];
    expect(Number(row.total)).toBe(110);
    expect(row.billno).toMatch(/^[A-Z]*\d+/);
    expect(row.billno).not.toBe('forged');
    expect(row.f_creator_user_id).toBeTruthy();
    const children = (await sql<Record<string, unknown>>`select * from vd_purchase_test_item where f_foreign_id = ${answer.data.id} order by f_sort_code`.execute(db())).rows;
    expect(children.map((c) => [c.material, Number(c.amount)])).toEqual([['乙醇', 50], ['丙酮', 60]]);

    const read = await call(suite.admin, 'GET', `${ONLINE}/${designId}/${answer.data.id}`);
    const data = JSON.parse(read.data.data);
    expect(data).toMatchObject({ id: answer.data.id, title: '首批试剂', kind: 'reagent', budget: 500, total: 110, needDate: Date.UTC(2026, 0, 15) });
    expect(data.items.map((i: { material: string; amount: number }) => [i.material, i.amount])).toEqual([['乙醇', 50], ['丙酮', 60]]);
  });

  it('refuses forged submissions with a message naming the field, storing nothing', async () => {
    const before = await count();
    const wrongTotal = await create(suite.admin, purchase('错误合计', { total: 999 }));
    expect(wrongTotal.code).toBe(400);
    expect(wrongTotal.msg).toContain('合计');
    const wrongCell = await create(suite.admin, purchase('错误金额', { items: [{ material: '乙醇', price: 2, qty: 3, amount: 7 }], total: 7 }));
    expect(wrongCell.code).toBe(400);
    expect(wrongCell.msg).toContain('金额');
    const missing = await create(suite.admin, purchase('', {}));
    expect(missing.code).toBe(400);
    expect(missing.msg).toContain('标题');
    const missingCell = await create(suite.admin, purchase('缺物料', { items: [{ material: '', price: 1, qty: 1, amount: 1 }], total: 1 }));
    expect(missingCell.code).toBe(400);
    expect(missingCell.msg).toContain('物料');
    const pattern = await create(suite.admin, purchase('编号错误', { code: 'ab1' }));
    expect(pattern.code).toBe(400);
    expect(pattern.msg).toContain('编号须为两个大写字母加三位数字');
    const unknown = await create(suite.admin, { ...purchase('多余字段'), salary: 1 });
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toContain('salary');
    const tooLong = await create(suite.admin, purchase('长'.repeat(41)));
    expect(tooLong.code).toBe(400);
    expect(tooLong.msg).toContain('标题');
    const option = await create(suite.admin, purchase('未知类别', { kind: 'weapon' }));
    expect(option.code).toBe(400);
    const english = await suite.app.inject({ method: 'POST', url: `${ONLINE}/${designId}`, headers: { authorization: suite.admin, 'accept-language': 'en' }, payload: { data: JSON.stringify(purchase('', {})) } });
    expect(english.json().msg).toMatch(/标题: .*(empty|required)/i);
    expect(await count()).toBe(before);
  });

  it('stores a sub-table of 10,000 rows, more values than one statement takes, and refuses one row more', async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ material: `m${i}`, price: 1, qty: 1, amount: 1 }));
    const before = await count();
    const tooMany = await create(suite.admin, purchase('超长明细', { items: rows(10_001), total: 10_001 }));
    expect(tooMany.code).toBe(400);
    expect(tooMany.msg).toBe('明细最多10000行');
    expect(await count()).toBe(before);
    // 10,000 rows × 7 columns is 70,000 values: past PostgreSQL's 65,535 parameters of one statement.
    const long = await create(suite.admin, purchase('长明细', { items: rows(10_000), total: 10_000 }));
    expect(long.code, long.msg).toBe(200);
    const stored = await sql<{ n: number; last: number }>`select count(*) as n, max(f_sort_code) as last from vd_purchase_test_item where f_foreign_id = ${long.data.id}`.execute(db());
    expect(stored.rows[0]).toEqual({ n: 10_000, last: 9_999 });
    // The tests after this one count this design's records.
    expect((await call(suite.admin, 'DELETE', `${ONLINE}/${designId}/${long.data.id}`)).code).toBe(200);
  });

  it('searches by equals, contains and range, by keyword, sorts and pages', async () => {
    for (const [title, kind, budget] of [['甲醇采购', 'reagent', 100], ['手套采购', 'supply', 300], ['滤纸采购', 'supply', 700], ['乙腈采购', 'reagent', 900]] as const) {
      expect((await create(suite.admin, purchase(title, { kind, budget }))).code).toBe(200);
    }
    const supplies = await list(suite.admin, { queryJson: JSON.stringify({ kind: 'supply' }) });
    expect(supplies.data.list.map((r: { title: string }) => r.title).sort()).toEqual(['手套采购', '滤纸采购']);
    // Display values in place, the stored value beside them.
    expect(supplies.data.list[0]).toMatchObject({ kind: '耗材', kind_id: 'supply' });
    const contains = await list(suite.admin, { queryJson: { title: '醇' } });
    expect(contains.data.list.map((r: { title: string }) => r.title).sort()).toEqual(['甲醇采购']);
    const range = await list(suite.admin, { queryJson: { budget: [250, 800] }, sidx: 'budget', sort: 'asc' });
    expect(range.data.list.map((r: { budget: number }) => r.budget)).toEqual([300, 500, 700]);
    const keyword = await list(suite.admin, { keyword: '采购' });
    expect(keyword.data.pagination.total).toBe(4);
    const sorted = await list(suite.admin, { sidx: 'budget', sort: 'desc', pageSize: 2, currentPage: 2 });
    expect(sorted.data.pagination).toMatchObject({ currentPage: 2, pageSize: 2, total: 5 });
    expect(sorted.data.list.map((r: { budget: number }) => r.budget)).toEqual([500, 300]);
    // The list shows a sub-table column, so rows carry their sub-table rows.
    expect(sorted.data.list[0].items.map((i: { material: string }) => i.material)).toEqual(['乙醇', '丙酮']);
    const bad = await list(suite.admin, { queryJson: { budget: ['abc', ''] } });
    expect(bad.code).toBe(400);
  });

  it('edits a record, replacing its sub-table rows, and shows display values', async () => {
    const id = (await create(suite.admin, purchase('待修改'))).data.id;
    const adminId = (await db().selectFrom('base_user').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
    const edited = await call(suite.admin, 'PUT', `${ONLINE}/${designId}/${id}`, { data: JSON.stringify(purchase('已修改', { buyer: adminId, items: [{ material: '甲苯', price: 5, qty: 2, amount: 10 }], total: 10 })) });
    expect(edited.code, edited.msg).toBe(200);
    const children = (await sql<{ material: string }>`select material from vd_purchase_test_item where f_foreign_id = ${id}`.execute(db())).rows;
    expect(children.map((c) => c.material)).toEqual(['甲苯']);
    const shown = JSON.parse((await call(suite.admin, 'GET', `${ONLINE}/${designId}/${id}/DataChange`)).data.data);
    expect(shown).toMatchObject({ title: '已修改', kind: '试剂', buyer: expect.stringMatching(/\/admin$/), buyer_id: adminId, needDate: '2026-01-15', total: 10 });
    const wrong = await call(suite.admin, 'PUT', `${ONLINE}/${designId}/${id}`, { data: JSON.stringify(purchase('已修改', { total: 1 })) });
    expect(wrong.code).toBe(400);
    expect((await call(suite.admin, 'GET', `${ONLINE}/${designId}/nope`)).code).toBe(404);
    // The edit dialog sends back what it read: sub-table rows with their row ids, which a save rewrites.
    const read = JSON.parse((await call(suite.admin, 'GET', `${ONLINE}/${designId}/${id}`)).data.data);
    expect(read.items[0].id).toEqual(expect.any(String));
    const resent = await call(suite.admin, 'PUT', `${ONLINE}/${designId}/${id}`, { data: JSON.stringify({ ...read, title: '读回再存' }) });
    expect(resent.code, resent.msg).toBe(200);
    expect((await sql<{ material: string }>`select material from vd_purchase_test_item where f_foreign_id = ${id}`.execute(db())).rows.map((c) => c.material)).toEqual(['甲苯']);
  });

  it('deletes one record and a batch, all or nothing', async () => {
    const ids = [];
    for (const title of ['删一', '删二', '删三']) ids.push((await create(suite.admin, purchase(title))).data.id);
    expect((await call(suite.admin, 'DELETE', `${ONLINE}/${designId}/${ids[0]}`)).code).toBe(200);
    const children = (await sql<{ n: number }>`select count(*) as n from vd_purchase_test_item where f_foreign_id = ${ids[0]}`.execute(db())).rows[0];
    expect(Number(children.n)).toBe(0);
    expect((await call(suite.admin, 'POST', `${ONLINE}/batchDelete/${designId}`, { ids: [ids[1], 'missing'] })).code).toBe(404);
    expect((await call(suite.admin, 'POST', `${ONLINE}/batchDelete/${designId}`, { ids: [ids[1], ids[2]] })).code).toBe(200);
    expect((await call(suite.admin, 'GET', `${ONLINE}/${designId}/${ids[2]}`)).code).toBe(404);
  });

  it('exports the list as .xlsx with display values', async () => {
    const answer = await call(suite.admin, 'POST', `${ONLINE}/${designId}/Actions/ExportData`, { dataType: '1', selectKey: ['title', 'kind', 'budget'], queryJson: { kind: 'supply' } });
    expect(answer.code, answer.msg).toBe(200);
    const file = await suite.app.inject({ method: 'GET', url: answer.data.url, headers: { authorization: suite.admin } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['标题', '类别', '预算']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['耗材', '耗材']);
    expect((await call(suite.admin, 'POST', `${ONLINE}/${designId}/Actions/Export`, { dataType: '0' })).code).toBe(200);
  });

  it('imports through the generic import: template, upload, preview, rows checked like the form', async () => {
    const template = await call(suite.admin, 'GET', `${ONLINE}/${designId}/Template`);
    expect(template.code, template.msg).toBe(200);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow(['标题', '编号', '类别', '预算']);
    sheet.addRow(['导入一', 'CD456', '耗材', '42']);
    sheet.addRow(['', 'CD457', '试剂', '1']);
    sheet.addRow(['导入三', 'bad', '试剂', 'x']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const boundary = '----online-data-import';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="purchase.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = (await suite.app.inject({ method: 'POST', url: `${ONLINE}/${designId}/Uploader`, headers: { authorization: suite.admin, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })).json();
    expect(upload.code, upload.msg).toBe(200);
    const preview = await call(suite.admin, 'GET', `${ONLINE}/${designId}/ImportPreview?fileName=${upload.data.name}`);
    expect(preview.data.dataRow).toHaveLength(3);
    const imported = await call(suite.admin, 'POST', `${ONLINE}/${designId}/ImportData`, { list: preview.data.dataRow });
    expect(imported.data).toMatchObject({ snum: 1, fnum: 2 });
    expect(imported.data.failResult[0].errorsInfo).toContain('标题');
    expect(imported.data.failResult[1].errorsInfo).toContain('预算');
    const found = await list(suite.admin, { queryJson: { title: '导入一' } });
    expect(found.data.list[0]).toMatchObject({ kind: '耗材', budget: 42, code: 'CD456' });
  });

  it('applies the released menu: no menu refused, no button refused, own rows only', async () => {
    expect((await list(suite.staff)).code).toBe(403);
    expect((await call(suite.staff, 'GET', `${ONLINE}/${designId}/Config`)).code).toBe(403);
    expect((await create(suite.staff, purchase('无权'))).code).toBe(403);
    const mine = await create(clerk, purchase('采购员的申请'));
    expect(mine.code, mine.msg).toBe(200);
    const seen = await list(clerk);
    expect(seen.data.list.map((r: { title: string }) => r.title)).toEqual(['采购员的申请']);
    const others = (await list(suite.admin, { queryJson: { title: '甲醇' } })).data.list[0].id;
    expect((await call(clerk, 'GET', `${ONLINE}/${designId}/${others}`)).code).toBe(404);
    expect((await call(clerk, 'PUT', `${ONLINE}/${designId}/${others}`, { data: JSON.stringify(purchase('改别人的')) })).code).toBe(404);
    expect((await call(clerk, 'DELETE', `${ONLINE}/${designId}/${mine.data.id}`)).code).toBe(403);
    expect((await call(clerk, 'POST', `${ONLINE}/batchDelete/${designId}`, { ids: [mine.data.id] })).code).toBe(403);
    expect((await call(clerk, 'POST', `${ONLINE}/${designId}/Actions/ExportData`, { dataType: '1' })).code).toBe(403);
    expect((await call(clerk, 'GET', `${ONLINE}/${designId}/Template`)).code).toBe(403);
    expect((await call(clerk, 'PUT', `${ONLINE}/${designId}/${mine.data.id}`, { data: JSON.stringify(purchase('采购员改过')) })).code).toBe(200);
  });

  it('migrates the tables when a changed design is released again, losing no rows', async () => {
    const before = await count();
    const budgets = (await sql<{ budget: string }>`select budget from vd_purchase_test where budget is not null order by id`.execute(db())).rows.map((r) => Number(r.budget));
    // The budget turns into a text field, a remark is added, the code field is removed.
    const fields = purchaseForm.fields
      .filter((f) => f.__vModel__ !== 'code')
      .map((f) => (f.__vModel__ === 'budget' ? { ...f, __config__: { jnpfKey: 'comInput', label: '预算说明' } } : f));
    fields.push({ __config__: { jnpfKey: 'textarea', label: '备注' }, __vModel__: 'remark' } as never);
    const saved = await call(suite.admin, 'PUT', `${DESIGN}/${designId}`, {
      fullName: '采购申请', enCode: 'purchase_test', category: 'matApply', webType: 2, formData: JSON.stringify({ ...purchaseForm, fields }), columnData: JSON.stringify(purchaseList), tables: '[]',
    });
    expect(saved.code, saved.msg).toBe(200);
    const released = await call(suite.admin, 'POST', `${DESIGN}/${designId}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);
    expect(await count()).toBe(before);
    const columns = (await sql<{ column_name: string; data_type: string }>`select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = 'vd_purchase_test'`.execute(db())).rows;
    const typeOf = Object.fromEntries(columns.map((c) => [c.column_name, c.data_type]));
    expect(typeOf).toMatchObject({ budget: 'text', budget_old1: 'numeric', remark: 'text', code: 'text' });
    const converted = (await sql<{ budget: string }>`select budget from vd_purchase_test where budget is not null order by id`.execute(db())).rows.map((r) => Number(r.budget));
    expect(converted).toEqual(budgets);
    const created = await create(suite.admin, { ...purchase('新版'), code: undefined, budget: '约五百', remark: '新字段' });
    expect(created.code, created.msg).toBe(200);
    const again = JSON.parse((await call(suite.admin, 'GET', `${ONLINE}/${designId}/${created.data.id}`)).data.data);
    expect(again).toMatchObject({ budget: '约五百', remark: '新字段' });
    expect(again).not.toHaveProperty('code');
  });
});
