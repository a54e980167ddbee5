import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

describe.each(testDatabases())('dictionary calls on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = suite.call;
  let manager: string;
  beforeAll(async () => {
    manager = await suite.tokenOf('zhangwei');
  });
  const count = async (table: 'base_dictionary_type' | 'base_dictionary_data') => Number((await suite.database.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  it('answers the category tree and the parent picker under 顶级节点', async () => {
    const tree = await call(suite.admin, 'GET', '/api/system/DictionaryType');
    const lab = tree.data.list.find((t: { enCode: string }) => t.enCode === 'laboratory');
    expect(lab.children.map((c: { enCode: string }) => c.enCode)).toEqual(['reagentGrade', 'storageCondition', 'hazardClass']);
    const selector = await call(suite.admin, 'GET', `/api/system/DictionaryType/Selector/${lab.id}`);
    expect(selector.data.list[0]).toMatchObject({ id: '-1', fullName: '顶级节点' });
    const ids = JSON.stringify(selector.data.list);
    expect(ids).not.toContain(lab.id);
    expect(ids).not.toContain('reagentGrade');
  });

  it('creates a category and its entries; a parent equal to the category means the top level', async () => {
    const created = await call(suite.admin, 'POST', '/api/system/DictionaryType', { parentId: '-1', fullName: '样品类型', enCode: 'sampleType', isTree: 1, sortCode: 5 });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const typeId = created.data.id;
    const water = await call(suite.admin, 'POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: typeId, fullName: '水样', enCode: 'WATER', sortCode: 1 });
    const river = await call(suite.admin, 'POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: water.data.id, fullName: '河水', enCode: 'RIVER' });
    await call(suite.admin, 'POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: typeId, fullName: '土壤', enCode: 'SOIL', sortCode: 2 });
    // Info names the category as the parent of a top-level entry (the picker's root node); lists keep '0'.
    expect((await call(suite.admin, 'GET', `/api/system/DictionaryData/${water.data.id}/Info`)).data.parentId).toBe(typeId);

    const tree = (await call(suite.admin, 'GET', `/api/system/DictionaryData/${typeId}`)).data.list;
    expect(tree.map((e: { enCode: string }) => e.enCode)).toEqual(['WATER', 'SOIL']);
    expect(tree[0].children.map((e: { enCode: string }) => e.enCode)).toEqual(['RIVER']);
    const flat = (await call(suite.admin, 'GET', `/api/system/DictionaryData/${typeId}?isTree=0&_t=1`)).data.list;
    expect(flat).toHaveLength(3);
    const found = (await call(suite.admin, 'GET', `/api/system/DictionaryData/${typeId}?keyword=${encodeURIComponent('河')}`)).data.list;
    expect(found.map((e: { enCode: string }) => e.enCode)).toEqual(['WATER']);
    expect(found[0].children.map((e: { enCode: string }) => e.enCode)).toEqual(['RIVER']);

    const parents = (await call(suite.admin, 'GET', `/api/system/DictionaryData/${typeId}/Selector/${water.data.id}`)).data.list;
    expect(parents[0]).toMatchObject({ id: typeId, fullName: '样品类型' });
    expect(JSON.stringify(parents)).not.toContain(river.data.id);
  });

  it('offers enabled entries to form widgets by category id or code, and toggles state', async () => {
    const grades = (await call(suite.staff, 'GET', '/api/system/DictionaryData/reagentGrade/Data/Selector')).data.list;
    expect(grades.map((e: { enCode: string }) => e.enCode)).toEqual(['GR', 'AR', 'CP', 'HPLC']);
    const toggled = await call(suite.admin, 'PUT', `/api/system/DictionaryData/${grades[1].id}/Actions/State`);
    expect(toggled).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect((await call(suite.staff, 'GET', '/api/system/DictionaryData/reagentGrade/Data/Selector')).data.list.map((e: { enCode: string }) => e.enCode)).toEqual(['GR', 'CP', 'HPLC']);
    const all = (await call(suite.staff, 'GET', '/api/system/DictionaryData/All')).data.list;
    expect(all.find((d: { enCode: string }) => d.enCode === 'hazardClass').dictionaryList[0].children.length).toBeGreaterThan(0);
    await call(suite.admin, 'PUT', `/api/system/DictionaryData/${grades[1].id}/Actions/State`);
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const types = await count('base_dictionary_type');
    const entries = await count('base_dictionary_data');
    const typeId = (await call(suite.admin, 'GET', '/api/system/DictionaryData/unit/Data/Selector')).data.list[0].dictionaryTypeId;
    const entry = (body: object) => call(suite.admin, 'POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, parentId: typeId, fullName: '盒', enCode: 'X1', ...body });
    expect(await entry({ fullName: '名'.repeat(51) })).toMatchObject({ code: 400, msg: '字典名称最多为50个字符！' });
    expect(await entry({ enCode: 'c'.repeat(51) })).toMatchObject({ code: 400, msg: '字典编码最多为50个字符！' });
    expect(await entry({ fullName: '  ' })).toMatchObject({ code: 400, msg: '请输入名称' });
    expect(await entry({ sortCode: 1000000 })).toMatchObject({ code: 400, msg: '排序须为0到999999之间的数字' });
    expect(await entry({ enCode: 'box' })).toMatchObject({ code: 409, msg: '编码已存在' });
    expect(await entry({ parentId: 'no-such-entry' })).toMatchObject({ code: 400, msg: '上级不存在' });
    expect(await call(suite.admin, 'POST', '/api/system/DictionaryType', { parentId: '-1', fullName: '名'.repeat(51), enCode: 'long' })).toMatchObject({ code: 400, msg: '字典名称最多为50个字符！' });
    expect(await call(suite.admin, 'GET', '/api/system/DictionaryType/nope')).toMatchObject({ code: 404, msg: '字典分类不存在' });
    expect(await call(suite.admin, 'DELETE', '/api/system/DictionaryData/nope')).toMatchObject({ code: 404 });
    const malformed = await suite.app.inject({ method: 'POST', url: '/api/system/DictionaryData', headers: { authorization: suite.admin, 'content-type': 'application/json' }, payload: '{"fullName":' });
    expect(malformed.json()).toMatchObject({ code: 400, msg: '请求内容不是有效的 JSON' });
    expect(await count('base_dictionary_type')).toBe(types);
    expect(await count('base_dictionary_data')).toBe(entries);
  });

  it('keeps the tree whole: no deleting a category with entries or an entry with children, no moving under itself', async () => {
    const hazard = (await call(suite.admin, 'GET', '/api/system/DictionaryData/hazardClass/Data/Selector')).data.list;
    const flammable = hazard[0];
    expect(await call(suite.admin, 'DELETE', `/api/system/DictionaryData/${flammable.id}`)).toMatchObject({ code: 400, msg: '该条目下有子条目，不能删除' });
    const update = await call(suite.admin, 'PUT', `/api/system/DictionaryData/${flammable.id}`, { parentId: flammable.children[0].id, fullName: '易燃', enCode: 'FLAM' });
    expect(update).toMatchObject({ code: 400, msg: '上级不能是自己或自己的下级' });
    expect(await call(suite.admin, 'DELETE', `/api/system/DictionaryType/${flammable.dictionaryTypeId}`)).toMatchObject({ code: 400, msg: '该分类下有字典数据，不能删除' });
    const type = await call(suite.admin, 'GET', `/api/system/DictionaryType/${flammable.dictionaryTypeId}`);
    expect(await call(suite.admin, 'PUT', `/api/system/DictionaryType/${type.data.id}`, { ...type.data, isTree: 0 })).toMatchObject({ code: 400, msg: '树形设置创建后不能修改' });
    expect(await call(suite.admin, 'DELETE', `/api/system/DictionaryData/${flammable.children[1].id}`)).toMatchObject({ code: 200, msg: '删除成功' });
  });

  it('enforces the menu buttons on the server: no btn_remove, no delete, and nothing deleted', async () => {
    const entries = await count('base_dictionary_data');
    const grade = (await call(manager, 'GET', '/api/system/DictionaryData/reagentGrade/Data/Selector')).data.list[0];
    for (const token of [manager, suite.staff]) {
      expect(await call(token, 'DELETE', `/api/system/DictionaryData/${grade.id}`)).toMatchObject({ code: 403, msg: '权限不足，请联系管理员' });
      expect(await call(token, 'POST', '/api/system/DictionaryData', { dictionaryTypeId: grade.dictionaryTypeId, parentId: '0', fullName: 'x', enCode: 'x' })).toMatchObject({ code: 403 });
      expect(await call(token, 'PUT', `/api/system/DictionaryData/${grade.id}/Actions/State`)).toMatchObject({ code: 403 });
    }
    expect(await count('base_dictionary_data')).toBe(entries);
    expect((await call(suite.admin, 'GET', `/api/system/DictionaryData/${grade.id}/Info`)).data.enabledMark).toBe(1);
  });
});
