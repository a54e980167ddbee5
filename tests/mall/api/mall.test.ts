import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../support/api/testDatabases.js';
import { apiSuite } from '../../support/api/apiSuite.js';

const CART = '/api/cart/BizCartDetail';

describe.each(testDatabases())('reagent mall on $name', (testDb) => {
  const suite = apiSuite(testDb);
  const call = suite.call;
  const db = () => suite.database.db;
  const itemOf = async (cas: string) => (await db().selectFrom('biz_item').selectAll().where('cas', '=', cas).orderBy('id').executeTakeFirstOrThrow());
  const badge = async (token: string) => (await call(token, 'GET', `${CART}/getCartItemNum`)).data;

  /** The demo seed's mall.orders page (the mall module's menus.json): procurement all, staff and lab managers own, btn_edit for procurement. */
  const grantOrderScopes = async () => {
    const schemes = await db()
      .selectFrom('base_module_data_scheme as s')
      .innerJoin('base_authorize as a', (join) => join.onRef('a.item_id', '=', 's.id').on('a.item_type', '=', 'resource'))
      .select(['s.kind', 'a.object_id'])
      .where('s.module_id', '=', 'menu-mall.orders')
      .execute();
    expect(schemes.map((s) => `${s.kind}:${s.object_id}`).sort()).toEqual(['all:role-procurement', 'own:role-lab-manager', 'own:role-staff']);
  };

  it('seeds at least 300 real reagents with suppliers, and searches by CAS and keyword', async () => {
    const all = await call(suite.staff, 'POST', '/api/mall/itemListByCas', { currentPage: 1, pageSize: 20 });
    expect(all.code).toBe(200);
    expect(all.data.pagination.total).toBeGreaterThanOrEqual(300);
    expect(all.data.list).toHaveLength(20);

    const ethanol = await call(suite.staff, 'POST', '/api/mall/itemListByCas', { cas: ' ６４－１７－５ ', keyword: '', currentPage: 1, pageSize: 20 });
    expect(ethanol.data.list.length).toBeGreaterThan(0);
    expect(ethanol.data.list.every((i: { cas: string; name: string }) => i.cas === '64-17-5' && i.name === '无水乙醇')).toBe(true);
    expect(ethanol.data.list[0]).toMatchObject({ controlType: 'hazardous', controlled: true, supplierName: expect.any(String), price: expect.any(Number) });

    const byName = await call(suite.staff, 'POST', '/api/mall/itemListByCas', { keyword: '高锰酸钾', currentPage: 1, pageSize: 20 });
    expect(byName.data.list.map((i: { cas: string }) => i.cas)).toContain('7722-64-7');
    expect(byName.data.list.find((i: { cas: string }) => i.cas === '7722-64-7').controlType).toBe('precursor');
    const casAndKeyword = await call(suite.staff, 'POST', '/api/mall/itemListByCas', { cas: '67-64-1', keyword: '不存在的关键字', currentPage: 1, pageSize: 20 });
    expect(casAndKeyword.data.pagination.total).toBe(0);

    const suppliers = await call(suite.staff, 'POST', '/api/mall/suppliers', { currentPage: 1, pageSize: 20 });
    expect(suppliers.data.pagination.total).toBeGreaterThanOrEqual(3);
    expect(suppliers.data.list[0]).toEqual({ id: expect.any(String), fullName: expect.stringContaining('示例'), contact: expect.any(String), phone: expect.any(String), address: expect.any(String) });
  });

  it('refuses a malformed CAS number and a wrong check digit with different, translated messages', async () => {
    const format = await call(suite.staff, 'POST', '/api/mall/itemListByCas', { cas: '64-175', currentPage: 1, pageSize: 20 });
    expect(format).toMatchObject({ code: 400, msg: expect.stringContaining('格式不正确') });
    const check = await call(suite.staff, 'POST', '/api/mall/itemListByCas', { cas: '64-17-6', currentPage: 1, pageSize: 20 });
    expect(check).toMatchObject({ code: 400, msg: expect.stringContaining('校验位不正确') });
    const en = (await suite.app.inject({ method: 'POST', url: '/api/mall/itemListByCas', headers: { authorization: suite.staff, 'accept-language': 'en' }, payload: { cas: '64-17-6' } })).json();
    expect(en.msg).toBe("The CAS number's check digit is wrong: check the number");
    const byCasBad = await call(suite.staff, 'POST', '/api/mall/itemDetails/byCas/abc');
    expect(byCasBad).toMatchObject({ code: 400, msg: expect.stringContaining('格式不正确') });
    expect((await call(suite.staff, 'POST', '/api/mall/itemListByCas', { cas: 'x'.repeat(51) })).code).toBe(400);
    expect((await call(suite.staff, 'POST', '/api/mall/itemListByCas', { pageSize: 100000 })).code).toBe(400);
  });

  it('answers item details by id and by CAS, and itemDict products', async () => {
    const acetone = await itemOf('67-64-1');
    const detail = await call(suite.staff, 'GET', `/api/mall/itemDetails/${acetone.id}`);
    expect(detail.data).toMatchObject({ id: acetone.id, name: '丙酮', cas: '67-64-1', itemCode: acetone.item_code, spec: acetone.spec, fineness: acetone.fineness, brand: acetone.brand, unitName: acetone.unit_name, controlType: 'precursor', stock: acetone.stock });
    expect((await call(suite.staff, 'GET', '/api/mall/itemDetails/no-such-item')).code).toBe(404);
    const byCas = await call(suite.staff, 'POST', '/api/mall/itemDetails/byCas/7664-93-9');
    expect(byCas.data).toMatchObject({ cas: '7664-93-9', name: '硫酸' });
    expect(byCas.data.list.length).toBeGreaterThan(0);
    expect((await call(suite.staff, 'POST', '/api/mall/itemDetails/byCas/7732-18-5')).data).toEqual({ cas: '7732-18-5', name: null, list: [] });

    const product = await call(suite.staff, 'GET', `/api/itemDict/BizItemDict/detail/${acetone.id}`);
    expect(product.data).toMatchObject({ id: acetone.id, name: '丙酮', itemCode: acetone.item_code, cas: '67-64-1', spec: acetone.spec, model: acetone.model, brand: acetone.brand, unitName: acetone.unit_name });
    const stocked = await call(suite.staff, 'POST', '/api/itemDict/BizItemDict/selectStockedProductByEntity', { keyword: '', currentPage: 1, pageSize: 500 });
    const stockedIds = new Set((await db().selectFrom('biz_item').select('id').where('stocked', '=', 'Y').execute()).map((r) => r.id));
    expect(stocked.data.pagination.total).toBe(stockedIds.size);
    expect(stocked.data.list.every((p: { id: string }) => stockedIds.has(p.id))).toBe(true);
    expect(Object.keys(stocked.data.list[0]).sort()).toEqual(['brand', 'cas', 'id', 'itemCode', 'model', 'name', 'spec', 'unitName']);
  });

  it('flags controlled substances by CAS number and by item id', async () => {
    const cyanide = await itemOf('143-33-9');
    const result = await call(suite.staff, 'POST', '/api/mall/getReagentControl', { casList: ['143-33-9', '7732-18-5', '108-88-3'], itemIds: [cyanide.id, 'no-such'] });
    expect(result.data.list).toEqual([
      { cas: '143-33-9', itemId: null, name: '氰化钠', known: true, controlType: 'toxic', controlled: true },
      { cas: '7732-18-5', itemId: null, name: null, known: false, controlType: 'none', controlled: false },
      { cas: '108-88-3', itemId: null, name: '甲苯', known: true, controlType: 'precursor', controlled: true },
      { cas: '143-33-9', itemId: cyanide.id, name: '氰化钠', known: true, controlType: 'toxic', controlled: true },
      { cas: null, itemId: 'no-such', name: null, known: false, controlType: 'none', controlled: false },
    ]);
    expect((await call(suite.staff, 'POST', '/api/mall/getReagentControl', { casList: ['143-33-8'] })).msg).toContain('校验位');
  });

  it('keeps a cart per user: put, increase, quantities, select, remove, and the badge', async () => {
    const lina = await suite.tokenOf('lina');
    const a = await itemOf('7647-14-5');
    const b = await itemOf('64-19-7');
    expect(await badge(suite.staff)).toBe(0);
    const put = await call(suite.staff, 'POST', '/api/mall/putCart', { itemId: a.id, quantity: 2 });
    expect(put).toMatchObject({ code: 200, data: { quantity: 2, cartItemNum: 2 } });
    expect((await call(suite.staff, 'POST', '/api/mall/putCart', { itemId: a.id, quantity: 3 })).data).toMatchObject({ id: put.data.id, quantity: 5, cartItemNum: 5 });
    await call(suite.staff, 'POST', '/api/mall/putCart', { itemId: b.id, quantity: 1 });
    expect(await badge(suite.staff)).toBe(6);
    expect(await badge(lina)).toBe(0);

    for (const quantity of [0, 10000, 'abc', -1, 1.5])
      expect(await call(suite.staff, 'POST', '/api/mall/putCart', { itemId: a.id, quantity })).toMatchObject({ code: 400, msg: '数量须为1到9999的整数' });
    expect((await call(suite.staff, 'POST', '/api/mall/putCart', { itemId: 'no-such', quantity: 1 })).code).toBe(404);
    expect((await call(suite.staff, 'POST', '/api/mall/putCart', { itemId: a.id, quantity: 9995 })).msg).toBe('购物车中该商品数量不能超过9999');
    expect(await badge(suite.staff)).toBe(6);

    const list = await call(suite.staff, 'POST', `${CART}/getList`, { currentPage: 1, pageSize: 20 });
    expect(list.data.list).toHaveLength(2);
    const lineA = list.data.list.find((l: { itemId: string }) => l.itemId === a.id);
    expect(lineA).toMatchObject({ name: '氯化钠', cas: '7647-14-5', quantity: 5, selected: 1, price: Number(a.price), amount: Math.round(Number(a.price) * 5 * 100) / 100 });
    expect(list.data).toMatchObject({ selectedCount: 2, allSelected: true });

    expect((await call(suite.staff, 'PUT', `${CART}/${lineA.id}/quantity`, { quantity: 7 })).data).toMatchObject({ quantity: 7, cartItemNum: 8 });
    expect((await call(suite.staff, 'PUT', `${CART}/${lineA.id}/quantity`, { quantity: 0 })).code).toBe(400);
    // Another user's line is not reachable: not found, and nothing changes.
    expect((await call(lina, 'PUT', `${CART}/${lineA.id}/quantity`, { quantity: 1 })).code).toBe(404);
    expect((await call(lina, 'DELETE', `${CART}/${lineA.id}`)).code).toBe(404);
    expect((await call(lina, 'PUT', `${CART}/select`, { ids: [lineA.id], selected: 0 })).code).toBe(404);
    expect((await call(lina, 'POST', `${CART}/getList`, {})).data.list).toEqual([]);
    expect(await badge(suite.staff)).toBe(8);

    await call(suite.staff, 'PUT', `${CART}/select`, { ids: [lineA.id], selected: 0 });
    expect((await call(suite.staff, 'POST', `${CART}/getList`, {})).data).toMatchObject({ selectedCount: 1, allSelected: false });
    await call(suite.staff, 'PUT', `${CART}/select`, { selected: 1 });
    expect((await call(suite.staff, 'POST', `${CART}/getList`, {})).data).toMatchObject({ selectedCount: 2, allSelected: true });
    expect((await call(suite.staff, 'PUT', `${CART}/select`, { selected: 2 })).code).toBe(400);

    // A batch with one foreign id removes nothing.
    expect((await call(suite.staff, 'POST', `${CART}/remove`, { ids: [lineA.id, 'not-mine'] })).code).toBe(404);
    expect(await badge(suite.staff)).toBe(8);
    expect((await call(suite.staff, 'DELETE', `${CART}/${lineA.id}`)).data).toEqual({ cartItemNum: 1 });
    expect((await call(suite.staff, 'POST', `${CART}/remove`, { ids: list.data.list.map((l: { id: string }) => l.id).filter((id: string) => id !== lineA.id) })).data).toEqual({ cartItemNum: 0 });
  });

  it('buys now from one item or the selected cart lines, checking and taking stock in one transaction', async () => {
    const item = await itemOf('7447-40-7');
    await db().updateTable('biz_item').set({ stock: 10 }).where('id', '=', item.id).execute();
    const short = await call(suite.staff, 'POST', `${CART}/fromMall`, { fromMallParamObj: { itemId: item.id, quantity: 11 } });
    expect(short).toMatchObject({ code: 400, msg: expect.stringContaining('库存不足') });
    expect(short.msg).toContain('现有10');
    expect((await call(suite.staff, 'POST', `${CART}/fromMall`, { fromMallParamObj: { itemId: item.id, quantity: 0 } })).code).toBe(400);
    expect((await call(suite.staff, 'POST', `${CART}/fromMall`, { fromMallParamObj: { itemId: 'nope', quantity: 1 } })).code).toBe(404);
    expect((await db().selectFrom('biz_order').select('id').where('user_id', '=', 'user-staff').execute())).toHaveLength(0);

    const bought = await call(suite.staff, 'POST', `${CART}/fromMall`, { fromMallParamObj: { itemId: item.id, quantity: 4 }, remarks: '急用' });
    expect(bought).toMatchObject({ code: 200, data: { id: expect.any(String), orderNo: expect.stringMatching(/^DD\d{20}$/), totalAmount: Math.round(Number(item.price) * 4 * 100) / 100 } });
    expect((await db().selectFrom('biz_item').select('stock').where('id', '=', item.id).executeTakeFirstOrThrow()).stock).toBe(6);

    // From the cart: only selected lines are ordered and leave the cart; one short line refuses the whole order.
    const other = await itemOf('7758-02-3');
    await db().updateTable('biz_item').set({ stock: 3 }).where('id', '=', other.id).execute();
    await call(suite.staff, 'POST', '/api/mall/putCart', { itemId: item.id, quantity: 2 });
    const otherLine = (await call(suite.staff, 'POST', '/api/mall/putCart', { itemId: other.id, quantity: 5 })).data;
    expect((await call(suite.staff, 'POST', `${CART}/fromMall`, {})).msg).toContain('库存不足');
    expect(await badge(suite.staff)).toBe(7);
    expect((await db().selectFrom('biz_item').select('stock').where('id', '=', item.id).executeTakeFirstOrThrow()).stock).toBe(6);
    await call(suite.staff, 'PUT', `${CART}/select`, { ids: [otherLine.id], selected: 0 });
    const fromCart = await call(suite.staff, 'POST', `${CART}/fromMall`, {});
    expect(fromCart.code).toBe(200);
    expect(await badge(suite.staff)).toBe(5);
    const detail = await call(suite.staff, 'GET', `/api/mall/order/${fromCart.data.id}`);
    expect(detail.data.items).toEqual([expect.objectContaining({ itemId: item.id, name: '氯化钾', quantity: 2 })]);
    await call(suite.staff, 'PUT', `${CART}/select`, { selected: 0 });
    expect((await call(suite.staff, 'POST', `${CART}/fromMall`, {})).msg).toBe('请先选择要购买的商品');
    expect((await call(suite.staff, 'PUT', `${CART}/select`, { ids: [], selected: 1 })).code).toBe(200);

    // cartIds names the lines exactly, selected or not; another user's line is refused and nothing is ordered.
    const lina = await suite.tokenOf('lina');
    const linaLine = (await call(lina, 'POST', '/api/mall/putCart', { itemId: item.id, quantity: 1 })).data;
    expect((await call(suite.staff, 'POST', `${CART}/fromMall`, { cartIds: [linaLine.id] })).code).toBe(404);
    expect(await badge(lina)).toBe(1);
    await db().updateTable('biz_item').set({ stock: 10 }).where('id', '=', other.id).execute();
    const named = await call(suite.staff, 'POST', `${CART}/fromMall`, { cartIds: [otherLine.id] });
    expect(named.code).toBe(200);
    expect((await call(suite.staff, 'GET', `/api/mall/order/${named.data.id}`)).data.items).toEqual([expect.objectContaining({ itemId: other.id, quantity: 5 })]);
    expect(await badge(suite.staff)).toBe(0);
    await call(lina, 'POST', `${CART}/remove`, { ids: [linaLine.id] });
  });

  it('lists orders by data scope, shows details, lets the owner cancel and procurement move them', async () => {
    await grantOrderScopes();
    const heping = await suite.tokenOf('heping');
    const lina = await suite.tokenOf('lina');
    const item = await itemOf('7757-82-6');
    await db().updateTable('biz_item').set({ stock: 100 }).where('id', '=', item.id).execute();
    const linaOrder = (await call(lina, 'POST', `${CART}/fromMall`, { fromMallParamObj: { itemId: item.id, quantity: 3 } })).data;
    const staffOrder = (await call(suite.staff, 'POST', `${CART}/fromMall`, { fromMallParamObj: { itemId: item.id, quantity: 1 } })).data;

    const staffList = (await call(suite.staff, 'POST', '/api/mall/order/list', { currentPage: 1, pageSize: 50 })).data;
    expect(staffList.list.length).toBeGreaterThan(0);
    expect(staffList.list.every((o: { userId: string }) => o.userId === 'user-staff')).toBe(true);
    const row = staffList.list.find((o: { id: string }) => o.id === staffOrder.id);
    expect(row).toMatchObject({ orderNo: staffOrder.orderNo, status: 1, statusLabel: '下单成功', approvalStatus: null, listOrderStatus: '-', lineCount: 1, userName: '王小明/staff' });
    const all = (await call(heping, 'POST', '/api/mall/order/list', { currentPage: 1, pageSize: 50 })).data.list.map((o: { id: string }) => o.id);
    expect(all).toEqual(expect.arrayContaining([linaOrder.id, staffOrder.id]));

    // Another user's order is not reachable by staff; procurement sees it.
    expect((await call(suite.staff, 'GET', `/api/mall/order/${linaOrder.id}`)).code).toBe(404);
    expect((await call(heping, 'GET', `/api/mall/order/${linaOrder.id}`)).data).toMatchObject({ id: linaOrder.id, userId: 'user-lina', items: [expect.objectContaining({ cas: '7757-82-6', quantity: 3 })] });

    // The list order status of §4 from the stored approval and second status.
    await db().updateTable('biz_order').set({ approval_status: -1, second_status: 0 }).where('id', '=', staffOrder.id).execute();
    const failed = (await call(suite.staff, 'GET', `/api/mall/order/${staffOrder.id}`)).data;
    expect(failed.listOrderStatus).toBe('失败');
    await db().updateTable('biz_order').set({ approval_status: null, second_status: null }).where('id', '=', staffOrder.id).execute();

    // Cancel: only the owner, only while placed; the stock goes back.
    expect((await call(heping, 'PUT', `/api/mall/order/${staffOrder.id}/Actions/Cancel`)).code).toBe(404);
    const before = (await db().selectFrom('biz_item').select('stock').where('id', '=', item.id).executeTakeFirstOrThrow()).stock;
    expect((await call(suite.staff, 'PUT', `/api/mall/order/${staffOrder.id}/Actions/Cancel`)).code).toBe(200);
    expect((await db().selectFrom('biz_item').select('stock').where('id', '=', item.id).executeTakeFirstOrThrow()).stock).toBe(before + 1);
    expect((await call(suite.staff, 'GET', `/api/mall/order/${staffOrder.id}`)).data).toMatchObject({ status: -1, statusLabel: '订单取消' });
    expect((await call(suite.staff, 'PUT', `/api/mall/order/${staffOrder.id}/Actions/Cancel`)).msg).toBe('只有下单成功且未配送的订单可以取消');

    // Moving status: procurement only, along 1 → 2 → 10.
    expect((await call(lina, 'PUT', `/api/mall/order/${linaOrder.id}/Actions/Status`, { status: 2 })).code).toBe(403);
    expect((await call(heping, 'PUT', `/api/mall/order/${linaOrder.id}/Actions/Status`, { status: 3 })).code).toBe(400);
    expect((await call(heping, 'PUT', `/api/mall/order/${linaOrder.id}/Actions/Status`, { status: 2 })).code).toBe(200);
    expect((await call(lina, 'PUT', `/api/mall/order/${linaOrder.id}/Actions/Cancel`)).code).toBe(400);
    expect((await call(heping, 'PUT', `/api/mall/order/${linaOrder.id}/Actions/Status`, { status: 10 })).code).toBe(200);
    expect((await call(heping, 'PUT', `/api/mall/order/${linaOrder.id}/Actions/Status`, { status: 2 })).msg).toBe('订单状态不能从“订单完成”改为“配送中”');
    expect((await call(lina, 'POST', '/api/mall/order/list', { status: 'abc' })).code).toBe(400);
    expect((await call(lina, 'POST', '/api/mall/order/list', { status: 10 })).data.list.map((o: { id: string; statusLabel: string }) => [o.id, o.statusLabel])).toEqual([[linaOrder.id, '订单完成']]);
  });
});
