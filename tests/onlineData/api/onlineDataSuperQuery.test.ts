import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiSuite } from '../../support/api/apiSuite.js';
import { purchase, purchaseForm, purchaseList } from './onlineDataDesign.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * JNPF's advanced query (超级查询) on an online-development list: the List body's superQueryJson, in JNPF 5's
 * grouped shape and JNPF 3's flat one, translated to bound SQL over the design's own main-table fields; anything
 * else is refused with a translated message naming it, and changes nothing.
 */
const DESIGN = '/api/visualdev/Base';
const ONLINE = '/api/visualdev/OnlineDev';

describe.each(testDatabases())('online-development advanced query on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);
  let designId: string;
  const list = (superQueryJson: unknown, extra: object = {}) => call(suite.admin, 'POST', `${ONLINE}/${designId}/List`, { currentPage: 1, pageSize: 20, superQueryJson, ...extra });
  const titles = (answer: { data: { list: { title: string }[] } }) => answer.data.list.map((r) => r.title).sort();
  const grouped = (matchLogic: string, ...groups: [string, [string, string, unknown?][]][]) =>
    JSON.stringify({ matchLogic, conditionList: groups.map(([logic, conditions]) => ({ logic, groups: conditions.map(([field, symbol, fieldValue]) => ({ field, symbol, fieldValue })) })) });

  beforeAll(async () => {
    const created = await call(suite.admin, 'POST', DESIGN, { fullName: '采购查询', enCode: 'purchase_super', category: 'other', webType: 2, formData: JSON.stringify(purchaseForm), columnData: JSON.stringify(purchaseList), tables: '[]' });
    expect(created.code, created.msg).toBe(200);
    designId = created.data.id;
    const released = await call(suite.admin, 'POST', `${DESIGN}/${designId}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);
    for (const [title, kind, budget, code] of [['甲醇采购', 'reagent', 100, 'AB001'], ['手套采购', 'supply', 300, 'AB002'], ['滤纸采购', 'supply', 700, null], ['乙腈采购', 'reagent', 900, 'CD004']] as const) {
      const answer = await call(suite.admin, 'POST', `${ONLINE}/${designId}`, { data: JSON.stringify(purchase(title, { kind, budget, code })) });
      expect(answer.code, answer.msg).toBe(200);
    }
  });

  it('joins conditions by their group logic and groups by matchLogic (JNPF 5 shape)', async () => {
    const both = await list(grouped('and', ['and', [['kind', '==', 'supply'], ['budget', '>=', 500]]]));
    expect(both.code, both.msg).toBe(200);
    expect(titles(both)).toEqual(['滤纸采购']);
    const either = await list(grouped('and', ['or', [['budget', '<', 200], ['budget', '>', 800]]]));
    expect(titles(either)).toEqual(['乙腈采购', '甲醇采购']);
    const groupsOr = await list(grouped('or', ['and', [['title', 'like', '手套']]], ['and', [['kind', '==', 'reagent'], ['budget', '<=', 100]]]));
    expect(titles(groupsOr)).toEqual(['手套采购', '甲醇采购']);
    // An object is accepted as well as the JSON text JNPF sends.
    const asObject = await list(JSON.parse(grouped('and', ['and', [['title', 'notLike', '采购']]])));
    expect(asObject.data.list).toHaveLength(0);
  });

  it('knows every JNPF symbol: not equal keeps empty values, in, between, empty and not empty', async () => {
    expect(titles(await list(grouped('and', ['and', [['code', '<>', 'AB001']]])))).toEqual(['乙腈采购', '手套采购', '滤纸采购']);
    expect(titles(await list(grouped('and', ['and', [['code', 'null']]])))).toEqual(['滤纸采购']);
    expect(titles(await list(grouped('and', ['and', [['code', 'notNull']]])))).toEqual(['乙腈采购', '手套采购', '甲醇采购']);
    expect(titles(await list(grouped('and', ['and', [['code', 'in', ['AB002', 'CD004']]]])))).toEqual(['乙腈采购', '手套采购']);
    expect(titles(await list(grouped('and', ['and', [['code', 'notIn', ['AB002', 'CD004']]]])))).toEqual(['滤纸采购', '甲醇采购']);
    expect(titles(await list(grouped('and', ['and', [['budget', 'between', [300, 700]]]])))).toEqual(['手套采购', '滤纸采购']);
    expect(titles(await list(grouped('and', ['and', [['needDate', '==', Date.UTC(2026, 0, 15)], ['budget', '>', 800]]])))).toEqual(['乙腈采购']);
    // A condition without a value asks nothing, as an empty search field does.
    expect(await list(grouped('and', ['and', [['title', '==', '']]]))).toMatchObject({ code: 200, data: { pagination: { total: 4 } } });
  });

  it("reads JNPF 3's flat shape, alongside the list's own search and keyword", async () => {
    const flat = JSON.stringify({ matchLogic: 'OR', conditionJson: JSON.stringify([{ field: 'budget', symbol: '==', fieldValue: '100', jnpfKey: 'numInput' }, { field: 'budget', symbol: '==', fieldValue: 900 }]) });
    expect(titles(await list(flat))).toEqual(['乙腈采购', '甲醇采购']);
    expect(titles(await list(flat, { queryJson: JSON.stringify({ kind: 'reagent' }), keyword: '乙腈' }))).toEqual(['乙腈采购']);
  });

  it('exports what the advanced query finds', async () => {
    const answer = await call(suite.admin, 'POST', `${ONLINE}/${designId}/Actions/ExportData`, { dataType: '1', selectKey: ['title'], superQueryJson: grouped('and', ['and', [['kind', '==', 'supply']]]) });
    expect(answer.code, answer.msg).toBe(200);
  });

  it('refuses unknown fields and symbols, bad shapes and values, with translated messages, changing nothing', async () => {
    const count = async () => Number((await sql<{ n: number }>`select count(*) as n from vd_purchase_super`.execute(suite.database.db)).rows[0].n);
    const before = await count();
    const inLanguage = async (language: string, superQueryJson: unknown) =>
      (await suite.app.inject({ method: 'POST', url: `${ONLINE}/${designId}/List`, headers: { authorization: suite.admin, 'accept-language': language }, payload: { superQueryJson } })).json();

    const hostile = grouped('and', ['and', [['title = title; drop table vd_purchase_super; --', '==', 'x']]]);
    expect(await inLanguage('zh-CN', hostile)).toMatchObject({ code: 400, msg: expect.stringContaining('不是本功能的字段') });
    expect(await inLanguage('en', hostile)).toMatchObject({ code: 400, msg: expect.stringContaining('is not a field of this list') });
    // Columns the design does not declare (the system's own) and sub-table fields are not the list's fields.
    expect((await list(grouped('and', ['and', [['f_creator_user_id', '==', 'x']]]))).code).toBe(400);
    expect((await list(grouped('and', ['and', [['items', '==', 'x']]]))).code).toBe(400);

    const symbol = grouped('and', ['and', [['title', 'regexp', '.*']]]);
    expect(await inLanguage('zh-TW', symbol)).toMatchObject({ code: 400, msg: '進階查詢不支援标题的條件「regexp」' });
    expect(await inLanguage('en', symbol)).toMatchObject({ code: 400, msg: 'The advanced query cannot use the condition "regexp" on 标题' });

    expect(await inLanguage('en', '{not json')).toMatchObject({ code: 400, msg: 'The advanced query is not well formed' });
    expect(await inLanguage('en', JSON.stringify({ matchLogic: 'xor', conditionList: [] }))).toMatchObject({ code: 400, msg: 'The advanced query is not well formed' });
    expect(await inLanguage('en', JSON.stringify({ conditionList: [{ logic: 'and', groups: 'nope' }] }))).toMatchObject({ code: 400 });
    expect(await inLanguage('en', grouped('and', ['and', [['budget', '>', 'lots']]]))).toMatchObject({ code: 400, msg: expect.stringContaining('预算') });
    const many = grouped('and', ['or', Array.from({ length: 51 }, () => ['title', '==', 'x'] as [string, string, unknown])]);
    expect(await inLanguage('en', many)).toMatchObject({ code: 400, msg: 'The advanced query has at most 50 conditions' });
    expect(await count()).toBe(before);
  });
});
