import { describe, expect, it } from 'vitest';
import { apiSuite } from '../../support/api/apiSuite.js';
import { testDatabases } from '../../support/api/testDatabases.js';

/**
 * The 供应商 page's calls (issue 32 item 6): suppliers as a declared entity with their item counts, the items one
 * supplies, linking (an item moves from its supplier) and unlinking, a supplier with items not deleted, checks that
 * change nothing, and the page's permission (procurement has it; staff do not).
 */
const BASE = '/api/mall/Supplier';

describe.each(testDatabases())('suppliers on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = (...args: Parameters<typeof suite.call>) => suite.call(...args);

  it('lists the seeded suppliers with their item counts, and is procurement’s page, not staff’s', async () => {
    const list = await call(suite.admin, 'GET', `${BASE}?keyword=&currentPage=1&pageSize=20&enabledMark=`);
    expect(list.code, list.msg).toBe(200);
    expect(list.data.pagination.total).toBe(5);
    const qiming = list.data.list.find((s: { id: string }) => s.id === 'sup-qiming');
    expect(qiming).toMatchObject({ enCode: 'SUP-QIMING', fullName: '启明试剂（示例）供应链有限公司', enabledMark: 1 });
    const items = await suite.database.db.selectFrom('biz_item').select((eb) => eb.fn.countAll<number>().as('n')).where('supplier_id', '=', 'sup-qiming').where('del', '=', 0).executeTakeFirstOrThrow();
    expect(qiming.itemCount).toBe(Number(items.n));
    expect((await call(await suite.tokenOf('heping'), 'GET', BASE)).code).toBe(200);
    expect((await call(suite.staff, 'GET', BASE)).code).toBe(403);
    expect((await call(suite.staff, 'POST', BASE, { fullName: 'x', enCode: 'x' })).code).toBe(403);
  });

  it('creates a supplier, links items to it from another, unlinks one, and deletes it only once it has none', async () => {
    const created = await call(suite.admin, 'POST', BASE, { fullName: '新源（示例）实验器材有限公司', enCode: 'SUP-LAB-NEW', contact: '何青', phone: '0571-5555 0606', address: '杭州市示例区' });
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id as string;
    expect((await call(suite.admin, 'POST', BASE, { fullName: '另一家', enCode: 'sup-lab-new' })).msg).toBe('供应商编码已存在');
    expect((await call(suite.admin, 'POST', BASE, { fullName: '坏电话', enCode: 'SUP-BAD', phone: '<script>' })).msg).toBe('联系电话只能包含数字、空格和 + - ( )');
    expect((await call(suite.admin, 'POST', BASE, { fullName: '', enCode: 'SUP-EMPTY' })).msg).toBe('请输入供应商名称');

    const candidates = await call(suite.admin, 'GET', `${BASE}/${id}/Candidates?keyword=${encodeURIComponent('乙醇')}&currentPage=1&pageSize=5`);
    expect(candidates.code, candidates.msg).toBe(200);
    const picked = candidates.data.list.slice(0, 2) as { id: string; supplierId: string | null; name: string }[];
    expect(picked.length).toBe(2);
    expect(picked.every((item) => item.name.includes('乙醇'))).toBe(true);
    const linked = await call(suite.admin, 'PUT', `${BASE}/${id}/Items`, { ids: picked.map((item) => item.id) });
    expect(linked).toMatchObject({ code: 200, data: { linked: 2 } });
    const mine = (await call(suite.admin, 'GET', `${BASE}/${id}/Items`)).data.list as { id: string; supplierName: string }[];
    expect(mine.map((item) => item.id).sort()).toEqual(picked.map((item) => item.id).sort());
    expect(mine[0].supplierName).toBe('新源（示例）实验器材有限公司');
    // The catalogue shows the new supplier.
    expect((await call(suite.staff, 'GET', `/api/mall/itemDetails/${picked[0].id}`)).data).toMatchObject({ supplierId: id });
    expect((await call(suite.admin, 'PUT', `${BASE}/${id}/Items`, { ids: ['no-such-item'] })).code).toBe(404);

    expect((await call(suite.admin, 'DELETE', `${BASE}/${id}`)).msg).toBe('该供应商下还有商品，请先移除其商品再删除');
    for (const item of picked) expect((await call(suite.admin, 'DELETE', `${BASE}/${id}/Items/${item.id}`)).code).toBe(200);
    expect((await call(suite.admin, 'DELETE', `${BASE}/${id}/Items/${picked[0].id}`)).code).toBe(404);
    expect((await call(suite.admin, 'GET', `${BASE}?keyword=SUP-LAB-NEW`)).data.list[0].itemCount).toBe(0);
    expect((await call(suite.admin, 'DELETE', `${BASE}/${id}`)).code).toBe(200);
    expect((await call(suite.admin, 'GET', `${BASE}/${id}`)).code).toBe(404);
  });
});
