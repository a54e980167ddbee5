import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

describe.each(testDatabases())('areas on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = suite.call;

  it("holds China's real divisions: 34 provincial units, every district three levels down", async () => {
    const provinces = (await call(suite.staff, 'GET', '/api/system/Area/-1')).data.list;
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toMatchObject({ id: '110000', fullName: '北京市', type: 1, hasChildren: true, isLeaf: false });
    const beijing = (await call(suite.staff, 'GET', '/api/system/Area/110000')).data.list;
    expect(beijing).toEqual([expect.objectContaining({ id: '110100', fullName: '市辖区', type: 2 })]);
    const districts = (await call(suite.staff, 'GET', '/api/system/Area/110100')).data.list;
    expect(districts.map((d: { fullName: string }) => d.fullName)).toContain('海淀区');
    expect(districts.every((d: { type: number; isLeaf: boolean }) => d.type === 3 && d.isLeaf)).toBe(true);
    const hebei = (await call(suite.staff, 'GET', '/api/system/Area/130000')).data.list;
    expect(hebei.map((c: { fullName: string }) => c.fullName)).toContain('石家庄市');
    const total = await suite.database.db.selectFrom('base_area').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(total.n)).toBeGreaterThan(3500);
  });

  it('answers the path names of id paths, and finds by keyword', async () => {
    const names = await call(suite.staff, 'POST', '/api/system/Area/GetAreaByIds', { idsList: [['130000', '130100', '130102'], ['110000', '110100', '110108'], ['nope']] });
    expect(names.data).toEqual([['河北省', '石家庄市', '长安区'], ['北京市', '市辖区', '海淀区'], []]);
    const found = (await call(suite.staff, 'GET', `/api/system/Area/130100?keyword=${encodeURIComponent('长安')}`)).data.list;
    expect(found.map((a: { fullName: string }) => a.fullName)).toEqual(['长安区']);
    expect((await call(suite.staff, 'GET', '/api/system/Area/130100/Info')).data).toMatchObject({ fullName: '石家庄市', parentId: '130000' });
  });

  it('adds, edits, toggles and deletes an area, three levels at most, with the buttons', async () => {
    expect(await call(suite.staff, 'POST', '/api/system/Area', { parentId: '130100', fullName: '示例新区', enCode: '130199' })).toMatchObject({ code: 403 });
    const created = await call(suite.admin, 'POST', '/api/system/Area', { parentId: '130100', fullName: '示例新区', enCode: '130199', sortCode: 99 });
    expect(created).toMatchObject({ code: 200, data: { id: '130199' } });
    expect((await call(suite.admin, 'GET', '/api/system/Area/130199/Info')).data).toMatchObject({ type: 3, parentId: '130100' });
    expect(await call(suite.admin, 'POST', '/api/system/Area', { parentId: '130199', fullName: '太深了', enCode: '13019901' })).toMatchObject({ code: 400, msg: '区划最多三级：省、市、区县' });
    expect(await call(suite.admin, 'POST', '/api/system/Area', { parentId: '130100', fullName: '重复', enCode: '130102' })).toMatchObject({ code: 409, msg: '区划编码已存在' });
    expect(await call(suite.admin, 'PUT', '/api/system/Area/130199', { parentId: '130000', fullName: '示例新区', enCode: '130199' })).toMatchObject({ code: 400 });
    expect(await call(suite.admin, 'PUT', '/api/system/Area/130199', { parentId: '130100', fullName: '示例新区（改）', enCode: '130199' })).toMatchObject({ code: 200 });
    expect(await call(suite.admin, 'PUT', '/api/system/Area/130199/Actions/State')).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(await call(suite.admin, 'DELETE', '/api/system/Area/130100')).toMatchObject({ code: 400, msg: '该区划下有下级区划，不能删除' });
    expect(await call(suite.admin, 'DELETE', '/api/system/Area/130199')).toMatchObject({ code: 200 });
    expect(await call(suite.admin, 'GET', '/api/system/Area/130199/Info')).toMatchObject({ code: 404 });
  });
});
