import { beforeAll, describe, expect, it } from 'vitest';
import { apiSuite } from '../../support/api/apiSuite.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * The dictionary picker and the bill-rule template picker on a released design (spec 001 §2, §7): a value must name
 * an enabled entry of the design's category (by id, or by code where the design stores codes; a category where none
 * is chosen) or an enabled numbering rule, in the main form and in sub-table rows; a refusal names the field and
 * stores nothing; lists and the record viewer show names. The template dialog's call pages, searches and filters
 * by business category.
 */
const DESIGN = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';
const SELECTOR = '/api/system/BillRule/Selector';

const form = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '标题' }, __vModel__: 'title' },
    { __config__: { jnpfKey: 'dicSelect', label: '试剂等级', dictionaryType: 'dict-type-reagent-grade' }, __vModel__: 'grade' },
    { __config__: { jnpfKey: 'dicSelect', label: '储存条件', dictionaryType: 'storageCondition', props: { label: 'fullName', value: 'enCode' } }, __vModel__: 'storage' },
    { __config__: { jnpfKey: 'dicSelect', label: '字典分类' }, __vModel__: 'category' },
    { __config__: { jnpfKey: 'billRuleSelect', label: '编号模板' }, __vModel__: 'template' },
    {
      __config__: { jnpfKey: 'table', label: '明细', tableName: 'item', children: [{ __config__: { jnpfKey: 'dicSelect', label: '等级', dictionaryType: 'reagentGrade' }, __vModel__: 'lineGrade' }] },
      __vModel__: 'lines',
    },
  ],
};
const list = { type: 1, searchList: [], columnList: ['title', 'grade', 'storage', 'category', 'template'].map((prop) => ({ prop, label: prop })), btnsList: [{ value: 'add' }], columnBtnsList: [{ value: 'edit' }], hasPage: true, pageSize: 20 };

describe.each(testDatabases())('dictionary and bill-rule template pickers on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  let designId: string;
  const entry = async (typeCode: string, code: string) =>
    (await suite.database.db.selectFrom('base_dictionary_data as d').innerJoin('base_dictionary_type as t', 't.id', 'd.dictionary_type_id').select('d.id').where('t.en_code', '=', typeCode).where('d.en_code', '=', code).executeTakeFirstOrThrow()).id;
  const records = async () => (await call(suite.admin, 'POST', `${ONLINE}/${designId}/List`, { currentPage: 1, pageSize: 50 })).data.list as Record<string, unknown>[];
  const add = (values: Record<string, unknown>, token = suite.admin) => call(token, 'POST', `${ONLINE}/${designId}`, { data: JSON.stringify(values) });

  beforeAll(async () => {
    const created = await call(suite.admin, 'POST', DESIGN, { fullName: '试剂登记', enCode: 'reference_check', category: 'other', webType: 2, formData: JSON.stringify(form), columnData: JSON.stringify(list), tables: '[]' });
    expect(created.code, created.msg).toBe(200);
    designId = created.data.id;
    const released = await call(suite.admin, 'POST', `${DESIGN}/${designId}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);
  });

  it('stores entries of the chosen categories, a category, and a rule code, and lists their names', async () => {
    const gr = await entry('reagentGrade', 'GR');
    const storage = (await suite.database.db.selectFrom('base_dictionary_data as d').innerJoin('base_dictionary_type as t', 't.id', 'd.dictionary_type_id').select(['d.en_code', 'd.full_name']).where('t.en_code', '=', 'storageCondition').executeTakeFirstOrThrow());
    const answer = await add({ title: '乙醇', grade: gr, storage: storage.en_code, category: 'dict-type-lab', template: 'PurchaseOrder', lines: [{ lineGrade: await entry('reagentGrade', 'AR') }] });
    expect(answer.code, answer.msg).toBe(200);
    const [row] = await records();
    expect(row).toMatchObject({ title: '乙醇', grade: '优级纯', grade_id: gr, storage: storage.full_name, category: '实验室', template: '采购订单', template_id: 'PurchaseOrder' });
    const shown = await call(suite.admin, 'GET', `${ONLINE}/${designId}/${row.id}/DataChange`);
    expect(JSON.parse(shown.data.data)).toMatchObject({ grade: '优级纯', template: '采购订单' });
  });

  it('refuses an entry of another category, a code where ids are stored, an unknown category and an unknown or disabled rule, storing nothing', async () => {
    const before = (await records()).length;
    const wrongCategory = await add({ title: 'x', grade: await entry('businessType', 'purchase') });
    expect(wrongCategory.code).toBe(400);
    expect(wrongCategory.msg).toContain('试剂等级');
    expect(wrongCategory.msg).toContain('不是可选的选项');
    expect(wrongCategory.data.problems).toEqual([expect.objectContaining({ field: 'grade', rule: 'option' })]);
    expect((await add({ title: 'x', grade: 'GR' })).code).toBe(400);
    expect((await add({ title: 'x', category: 'no-such-category' })).code).toBe(400);
    expect((await add({ title: 'x', template: 'NoSuchRule' })).code).toBe(400);
    const row = await add({ title: 'x', lines: [{ lineGrade: await entry('reagentGrade', 'AR') }, { lineGrade: 'forged' }] });
    expect(row.code).toBe(400);
    expect(row.data.problems).toEqual([expect.objectContaining({ field: 'lines.1.lineGrade' })]);
    expect(row.msg).toContain('明细[2] 等级');

    await suite.database.db.updateTable('base_bill_rule').set({ enabled_mark: 0 }).where('en_code', '=', 'SampleNo').execute();
    try {
      expect((await add({ title: 'x', template: 'SampleNo' })).code).toBe(400);
    } finally {
      await suite.database.db.updateTable('base_bill_rule').set({ enabled_mark: 1 }).where('en_code', '=', 'SampleNo').execute();
    }
    expect((await records()).length).toBe(before);
  });

  it('answers the refusal in the caller’s language', async () => {
    const answer = await suite.app.inject({ method: 'POST', url: `${ONLINE}/${designId}`, headers: { authorization: suite.admin, 'accept-language': 'en' }, payload: { data: JSON.stringify({ template: 'NoSuchRule' }) } });
    expect(answer.json().msg).toContain('is not one of the options');
  });

  it('pages the template dialog’s rules, searched by keyword and filtered by business category', async () => {
    const all = await call(suite.staff, 'GET', SELECTOR);
    expect(all.code, all.msg).toBe(200);
    expect(all.data.list.map((rule: { enCode: string }) => rule.enCode).sort()).toEqual(['MatApply', 'PurchaseOrder', 'SampleNo']);

    const page = await call(suite.staff, 'GET', `${SELECTOR}?keyword=&currentPage=1&pageSize=2&sort=desc&sidx=&categoryId=`);
    expect(page.code, page.msg).toBe(200);
    expect(page.data.list).toHaveLength(2);
    expect(page.data.pagination).toMatchObject({ currentPage: 1, pageSize: 2, total: 3 });

    const purchase = await entry('businessType', 'purchase');
    const byCategory = await call(suite.staff, 'GET', `${SELECTOR}?currentPage=1&pageSize=20&categoryId=${purchase}`);
    expect(byCategory.data.list.map((rule: { enCode: string }) => rule.enCode)).toEqual(['PurchaseOrder']);
    const byKeyword = await call(suite.staff, 'GET', `${SELECTOR}?currentPage=1&pageSize=20&keyword=${encodeURIComponent('样品')}`);
    expect(byKeyword.data.list.map((rule: { enCode: string }) => rule.enCode)).toEqual(['SampleNo']);
    expect(byKeyword.data.list[0]).toMatchObject({ fullName: '样品编号', startNumber: expect.any(String) });
    expect((await call(suite.staff, 'GET', `${SELECTOR}?currentPage=x`)).code).toBe(400);
  });
});
