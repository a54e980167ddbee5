import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/kernel/server/db/id.js';
import { apiSuite } from '../../support/api/apiSuite.js';
import { purchase, purchaseForm, purchaseList } from '../../onlineData/api/onlineDataDesign.js';
import { tokenFor } from '../../support/api/signIn.js';
import { TEST_PASSWORDS, testDatabases } from '../../support/api/testDatabases.js';

/**
 * Print (spec 001 §7 Print, issue 16 item 3): templates bound to a released design, checked on every save; print
 * data of a record under the reader's permissions; a real PDF whose text holds the record and every sub-table row;
 * the print log; copy, export and import; and the refusals that change nothing.
 */
const BASE = '/api/system/printDev';

/** The purchase form's print: title, fields, a barcode and a QR code of the code, the items loop, approvals. */
export const purchaseTemplate = {
  version: 1,
  page: { width: 595, height: 842, margin: 36 },
  boxes: [
    { id: 't1', type: 'text', x: 36, y: 36, width: 523, height: 24, text: '采购申请单 {title}', fontSize: 18, bold: true, align: 'center' },
    { id: 'f1', type: 'field', x: 36, y: 80, width: 250, height: 18, field: 'title', label: '标题' },
    { id: 'f2', type: 'field', x: 300, y: 80, width: 250, height: 18, field: 'kind', label: '类别' },
    { id: 'f3', type: 'field', x: 36, y: 104, width: 250, height: 18, field: 'budget', label: '预算' },
    { id: 'b1', type: 'barcode', x: 36, y: 130, width: 300, height: 100, field: 'code' },
    { id: 'q1', type: 'qrcode', x: 400, y: 130, width: 120, height: 120, field: 'code' },
    {
      id: 'tb', type: 'table', x: 36, y: 260, width: 523, height: 40, field: 'items',
      columns: [{ field: 'material', label: '物料' }, { field: 'price', label: '单价' }, { field: 'qty', label: '数量' }, { field: 'amount', label: '金额' }],
    },
    { id: 'f4', type: 'field', x: 36, y: 310, width: 250, height: 18, field: 'total', label: '合计' },
    { id: 'ap', type: 'approvals', x: 36, y: 340, width: 523, height: 30 },
  ],
};

function multipart(fileName: string, content: string, fields: Record<string, string> = {}) {
  const boundary = '----print-test';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/json\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  return texts.join('\n');
}

describe.each(testDatabases())('print templates on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  const db = () => suite.database.db;
  let designId: string;
  let recordId: string;
  let templateId: string;
  let clerk: string;
  const templateBody = (change: Record<string, unknown> = {}) => ({
    fullName: '采购申请打印', enCode: 'purchasePrint', type: 2, visualDevId: designId, printTemplate: JSON.stringify(purchaseTemplate), sortCode: 1, enabledMark: 1, ...change,
  });
  const count = async () => Number((await db().selectFrom('base_print_dev').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    const created = await call(suite.admin, 'POST', '/api/visualdev/Base', {
      fullName: '采购申请', enCode: 'purchase_print', category: 'matApply', webType: 2, formData: JSON.stringify(purchaseForm), columnData: JSON.stringify(purchaseList), tables: '[]',
    });
    expect(created.code, created.msg).toBe(200);
    designId = created.data.id;
    const released = await call(suite.admin, 'POST', `/api/visualdev/Base/${designId}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);
    const record = await call(suite.admin, 'POST', `/api/visualdev/OnlineDev/${designId}`, { data: JSON.stringify(purchase('首批试剂')) });
    expect(record.code, record.msg).toBe(200);
    recordId = record.data.id;

    // A clerk who opens the released page (so may read and print its records) but not the 打印模板 page.
    const role = await call(suite.admin, 'POST', '/api/permission/Role', { fullName: '打印员', enCode: 'printClerk', globalMark: 1 });
    const { password_hash } = await db().selectFrom('base_user').select('password_hash').where('account', '=', 'staff').executeTakeFirstOrThrow();
    await db().insertInto('base_user').values({ id: 'print-clerk', account: 'print_clerk', real_name: '打印员甲', organize_id: 'dept-analysis', position_id: null, gender: 1, mobile: '13900000021', email: 'pc@example.com', password_hash, change_password_date: new Date() }).execute();
    await db().insertInto('base_user_relation').values({ id: newId(), user_id: 'print-clerk', object_type: 'Role', object_id: role.data.id }).execute();
    await db().insertInto('base_authorize').values([['module', 'menu-onlineDev'], ['module', released.data.menuId]].map(([item_type, item_id]) => ({ id: newId(), item_type, item_id, object_type: 'Role', object_id: role.data.id }))).execute();
    await suite.app.grants.invalidate();
    clerk = await tokenFor(suite.app, 'print_clerk', TEST_PASSWORDS.demoUser);
  });

  it('answers the design’s field tree with its sub-table and columns', async () => {
    const fields = await call(suite.admin, 'POST', `${BASE}/Fields`, { visualDevId: designId });
    expect(fields.code, fields.msg).toBe(200);
    const ids = fields.data.map((f: { id: string }) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['title', 'code', 'kind', 'budget', 'items', 'total']));
    const items = fields.data.find((f: { id: string }) => f.id === 'items');
    expect(items).toMatchObject({ fullName: '明细', isSubTable: true, hasChildren: true });
    expect(items.children.map((c: { id: string; parentId: string }) => [c.id, c.parentId])).toEqual([['material', 'items'], ['price', 'items'], ['qty', 'items'], ['amount', 'items']]);
    expect((await call(suite.admin, 'POST', `${BASE}/Fields`, { visualDevId: 'nope' })).code).toBe(400);
  });

  it('creates, reads, lists, updates and toggles a template', async () => {
    const created = await call(suite.admin, 'POST', BASE, templateBody());
    expect(created.code, created.msg).toBe(200);
    templateId = created.data.id;
    const info = await call(suite.admin, 'GET', `${BASE}/${templateId}`);
    expect(info.data).toMatchObject({ id: templateId, fullName: '采购申请打印', enCode: 'purchasePrint', type: 2, visualDevId: designId, enabledMark: 1, creatorUser: expect.stringContaining('/admin') });
    expect(JSON.parse(info.data.printTemplate).boxes).toHaveLength(purchaseTemplate.boxes.length);

    const list = await call(suite.admin, 'GET', `${BASE}?keyword=${encodeURIComponent('采购')}&currentPage=1&pageSize=20`);
    expect(list.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20, total: 1 });
    expect(list.data.list[0]).toMatchObject({ id: templateId, fullName: '采购申请打印' });
    expect(list.data.list[0].printTemplate).toBeUndefined();

    const updated = await call(suite.admin, 'PUT', `${BASE}/${templateId}`, templateBody({ description: '每张申请一页' }));
    expect(updated.code, updated.msg).toBe(200);
    expect((await call(suite.admin, 'GET', `${BASE}/${templateId}`)).data).toMatchObject({ description: '每张申请一页', lastModifyUser: expect.stringContaining('/admin') });

    expect((await call(suite.admin, 'PUT', `${BASE}/${templateId}/Actions/State`)).data.enabledMark).toBe(0);
    expect((await call(suite.admin, 'GET', `${BASE}/Selector`)).data.list).toEqual([]);
    expect((await call(suite.admin, 'GET', `${BASE}/Data?id=${templateId}&formId=${recordId}`)).code).toBe(400);
    expect((await call(suite.admin, 'PUT', `${BASE}/${templateId}/Actions/State`)).data.enabledMark).toBe(1);
  });

  it('refuses bad templates, unknown fields, over-long names and taken codes, changing nothing', async () => {
    const before = await count();
    const refused = [
      [templateBody({ enCode: 'x1', printTemplate: '{not json' }), '打印模板格式错误'],
      [templateBody({ enCode: 'x2', printTemplate: JSON.stringify({ page: { width: 595, height: 842, margin: 36 }, boxes: [{ id: 'a', type: 'script', x: 0, y: 0, width: 10, height: 10 }] }) }), '打印模板中的元素有误：a'],
      [templateBody({ enCode: 'x3', printTemplate: JSON.stringify({ page: { width: 595, height: 842, margin: 36 }, boxes: [{ id: 'a', type: 'field', x: 0, y: 0, width: 10, height: 10, field: 'nothere' }] }) }), '打印模板引用了表单中不存在的字段：nothere'],
      [templateBody({ enCode: 'x4', printTemplate: JSON.stringify({ page: { width: 595, height: 842, margin: 36 }, boxes: [{ id: 'a', type: 'table', x: 0, y: 0, width: 100, height: 10, field: 'items', columns: [{ field: 'ghost', label: 'G' }] }] }) }), '打印模板引用了表单中不存在的字段：items.ghost'],
      [templateBody({ enCode: 'x5', fullName: '名'.repeat(51) }), '模板名称最多为50个字符'],
      [templateBody({ enCode: 'PURCHASEPRINT' }), '模板编码已存在'],
      [templateBody({ enCode: 'x6', visualDevId: 'no-such-design' }), '所选表单不存在'],
      [templateBody({ enCode: 'x7', type: 5 }), '模板类型须为1（流程表单）或2（功能表单）'],
    ] as const;
    for (const [body, msg] of refused) expect(await call(suite.admin, 'POST', BASE, body)).toMatchObject({ code: expect.any(Number), msg });
    const english = await suite.app.inject({ method: 'POST', url: BASE, headers: { authorization: suite.admin, 'accept-language': 'en' }, payload: templateBody({ enCode: 'x8', printTemplate: '[]' }) });
    expect(english.json()).toMatchObject({ code: 400, msg: 'The print template is not valid' });
    const unknown = await call(suite.admin, 'PUT', `${BASE}/no-such-template`, templateBody({ enCode: 'x9' }));
    expect(unknown).toMatchObject({ code: 404, msg: '打印模板不存在' });
    expect(await count()).toBe(before);
    // An update that fails leaves the template as it was.
    expect((await call(suite.admin, 'PUT', `${BASE}/${templateId}`, templateBody({ printTemplate: '{' }))).code).toBe(400);
    expect(JSON.parse((await call(suite.admin, 'GET', `${BASE}/${templateId}`)).data.printTemplate).boxes).toHaveLength(purchaseTemplate.boxes.length);
  });

  it('answers print data by template and record: values as they read, sub-table rows, approval records', async () => {
    const answer = await call(clerk, 'GET', `${BASE}/Data?id=${templateId}&formId=${recordId}`);
    expect(answer.code, answer.msg).toBe(200);
    expect(JSON.parse(answer.data.printTemplate).boxes).toHaveLength(purchaseTemplate.boxes.length);
    expect(answer.data.printData).toMatchObject({ id: recordId, title: '首批试剂', kind: '试剂', budget: 500, code: 'AB123', total: 110 });
    expect(answer.data.printData.items.map((r: { material: string; amount: number }) => [r.material, r.amount])).toEqual([['乙醇', 50], ['丙酮', 60]]);
    expect(answer.data.operatorRecordList).toEqual([]);

    const second = await call(suite.admin, 'POST', `/api/visualdev/OnlineDev/${designId}`, { data: JSON.stringify(purchase('第二批', { code: 'CD456' })) });
    const batch = await call(clerk, 'GET', `${BASE}/BatchData?id=${templateId}&formId=${recordId},${second.data.id}`);
    expect(batch.data.map((p: { printData: { title: string } }) => p.printData.title)).toEqual(['首批试剂', '第二批']);

    expect(await call(clerk, 'GET', `${BASE}/Data?id=${templateId}&formId=no-such-record`)).toMatchObject({ code: 404 });
    expect(await call(clerk, 'GET', `${BASE}/Data?id=no-such-template&formId=${recordId}`)).toMatchObject({ code: 404, msg: '打印模板不存在' });
    // Someone who cannot open the form's page cannot print its records.
    expect((await call(suite.staff, 'GET', `${BASE}/Data?id=${templateId}&formId=${recordId}`)).code).toBe(403);
    // …nor manage templates.
    expect((await call(clerk, 'GET', BASE)).code).toBe(403);
    expect((await call(clerk, 'POST', BASE, templateBody({ enCode: 'byClerk' }))).code).toBe(403);
  });

  it('hands approval records from the provider to printData', async () => {
    const { printDataOf } = await import('../../../src/modules/printDev/server/printData.js');
    const records = [{ nodeName: '部门审批', userName: '管理员', handleTime: Date.UTC(2026, 0, 2, 3, 4), handleStatus: 1, handleOpinion: '同意采购' }];
    let asked: unknown;
    const [print] = await printDataOf(db(), templateId, [recordId], {
      authorize: async () => ({ dataScope: { userId: 'admin', isAdministrator: true, menu: '' } }),
      operatorRecords: async (_db, target) => {
        asked = target;
        return records;
      },
    });
    expect(asked).toEqual({ formId: designId, recordId });
    expect(print.operatorRecordList).toEqual(records);
    const { renderPdf } = await import('../../../src/modules/printDev/server/pdf.js');
    const text = await pdfText(await renderPdf([print], 'x', 'zh'));
    for (const expected of ['部门审批', '管理员', '同意', '同意采购', '审批意见']) expect(text).toContain(expected);
  });

  it('renders a real PDF whose text holds the record’s fields and every sub-table row', async () => {
    const response = await suite.app.inject({ method: 'GET', url: `${BASE}/Pdf?id=${templateId}&formId=${recordId}`, headers: { authorization: clerk } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain('.pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    for (const expected of ['采购申请单 首批试剂', '标题：首批试剂', '类别：试剂', '预算：500', '合计：110', '物料', '单价', '乙醇', '12.5', '丙酮', '30', '60', 'AB123', '审批节点']) expect(text).toContain(expected);

    // A record with many rows flows onto further pages, and every row is printed.
    const many = Array.from({ length: 60 }, (_, i) => ({ material: `试剂${i + 1}号`, price: 1, qty: i + 1, amount: i + 1 }));
    const big = await call(suite.admin, 'POST', `/api/visualdev/OnlineDev/${designId}`, { data: JSON.stringify(purchase('大批量', { items: many, total: many.reduce((s, r) => s + r.amount, 0) })) });
    const bigPdf = await suite.app.inject({ method: 'GET', url: `${BASE}/Pdf?id=${templateId}&formId=${big.data.id}`, headers: { authorization: clerk } });
    const document = await getDocument({ data: new Uint8Array(bigPdf.rawPayload), isEvalSupported: false }).promise;
    expect(document.numPages).toBeGreaterThan(1);
    const bigText = (await pdfText(bigPdf.rawPayload)).split('\n');
    for (const row of many) expect(bigText).toContain(row.material);
    expect(bigText).toContain('合计：1830');

    const refused = await suite.app.inject({ method: 'GET', url: `${BASE}/Pdf?id=${templateId}&formId=${recordId}`, headers: { authorization: suite.staff } });
    expect(refused.json().code).toBe(403);
  });

  it('lists templates for the chooser by type and by ids', async () => {
    const selector = await call(clerk, 'GET', `${BASE}/Selector?type=2`);
    expect(selector.code, selector.msg).toBe(200);
    expect(selector.data.list[0].children.map((c: { fullName: string }) => c.fullName)).toEqual(['采购申请打印']);
    expect((await call(clerk, 'GET', `${BASE}/Selector?type=1`)).data.list).toEqual([]);
    const options = await call(clerk, 'POST', `${BASE}/getListOptions`, { ids: [templateId, 'unknown'] });
    expect(options.data).toEqual([{ id: templateId, fullName: '采购申请打印', enCode: 'purchasePrint', visualDevId: designId }]);
  });

  it('logs prints and lists the log per template', async () => {
    const saved = await call(clerk, 'POST', '/api/system/printLog/save', { printTitle: '采购申请打印', printNum: 1, printId: templateId, formId: recordId });
    expect(saved.code, saved.msg).toBe(200);
    expect(await call(clerk, 'POST', '/api/system/printLog/save', { printTitle: '', printNum: 1, printId: templateId })).toMatchObject({ code: 400, msg: '请输入打印标题' });
    expect(await call(clerk, 'POST', '/api/system/printLog/save', { printTitle: 'x', printNum: 0, printId: templateId })).toMatchObject({ code: 400, msg: '打印份数须为1到10000之间的整数' });
    expect(await call(clerk, 'POST', '/api/system/printLog/save', { printTitle: 'x', printNum: 1, printId: 'missing' })).toMatchObject({ code: 404 });
    const log = await call(suite.admin, 'GET', `/api/system/printLog/${templateId}?currentPage=1&pageSize=20`);
    expect(log.data.pagination.total).toBe(1);
    expect(log.data.list[0]).toMatchObject({ printTitle: '采购申请打印', printNum: 1, printId: templateId, formId: recordId, creatorUser: '打印员甲/print_clerk' });
  });

  it('copies, exports and imports a template; refuses a wrong file', async () => {
    const copied = await call(suite.admin, 'POST', `${BASE}/${templateId}/Actions/Copy`);
    expect(copied.code, copied.msg).toBe(200);
    const copy = await call(suite.admin, 'GET', `${BASE}/${copied.data.id}`);
    expect(copy.data.fullName).toMatch(/^采购申请打印\.副本[0-9a-f]{5}$/);
    expect(copy.data).toMatchObject({ enabledMark: 0, printTemplate: (await call(suite.admin, 'GET', `${BASE}/${templateId}`)).data.printTemplate });
    await call(suite.admin, 'PUT', `${BASE}/${copied.data.id}`, { ...templateBody({ enCode: copy.data.enCode }), fullName: '名'.repeat(46) });
    expect(await call(suite.admin, 'POST', `${BASE}/${copied.data.id}/Actions/Copy`)).toMatchObject({ code: 400, msg: '复制后的模板名称超过50个字符，请先缩短名称' });

    const exported = await call(suite.admin, 'GET', `${BASE}/${templateId}/Actions/Export`);
    expect(exported.code, exported.msg).toBe(200);
    const file = await suite.app.inject({ method: 'GET', url: exported.data.url, headers: { authorization: suite.admin } });
    const content = file.body;
    expect(JSON.parse(content)).toMatchObject({ format: 'labcode.printDev.v1', fullName: '采购申请打印', visualDevId: designId });

    const before = await count();
    const importAs = (name: string, body: string, fields: Record<string, string> = {}) => {
      const form = multipart(name, body, fields);
      return suite.app.inject({ method: 'POST', url: `${BASE}/Actions/Import`, headers: { authorization: suite.admin, ...form.headers }, payload: form.payload }).then((r) => r.json());
    };
    expect(await importAs('print.json', content, { type: '0' })).toMatchObject({ code: 409, msg: '模板编码已存在' });
    expect(await importAs('print.txt', content)).toMatchObject({ code: 400, msg: '导入文件格式错误，请选择打印模板导出的json文件' });
    expect(await importAs('print.json', '{"fullName":"x"}')).toMatchObject({ code: 400, msg: '导入文件格式错误，请选择打印模板导出的json文件' });
    expect(await importAs('print.json', 'not json')).toMatchObject({ code: 400 });
    expect(await importAs('print.json', JSON.stringify({ ...JSON.parse(content), enCode: 'imp1', printTemplate: '{"page":1}' }))).toMatchObject({ code: 400, msg: '打印模板格式错误' });
    expect(await count()).toBe(before);
    const imported = await importAs('print.json', content);
    expect(imported.code, imported.msg).toBe(200);
    expect((await call(suite.admin, 'GET', `${BASE}/${imported.data.id}`)).data).toMatchObject({ enabledMark: 0, fullName: expect.stringMatching(/^采购申请打印\.副本/) });

    expect((await call(suite.admin, 'DELETE', `${BASE}/${imported.data.id}`)).code).toBe(200);
    expect(await call(suite.admin, 'DELETE', `${BASE}/${imported.data.id}`)).toMatchObject({ code: 404, msg: '打印模板不存在' });
  });
});
