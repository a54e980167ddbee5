import { act, cleanup, fireEvent, render, screen as view, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../../../src/kernel/client/i18n/index.js';
import type { PageNodeSpec } from '../../../src/kernel/client/runtime/page/screen.js';
import ordersScreen from '../../../schemas/mall/mall/orders.json';
import orderDetailScreen from '../../../schemas/mall/mall/orderDetail.json';
import searchScreen from '../../../schemas/mall/mall/search.json';
import cartScreen from '../../../schemas/mall/bizData/bizcartdetail.json';
import { callsTo, fake, loaded, resetFake, type Call, useFakeRequest, viewportWidth } from '../../support/unit/fakeRequest.js';

/**
 * The mall's JSON screens against the scripted request layer of support/fakeRequest.ts, at a desktop's width: the
 * search (mall/search.json), the cart (bizData/bizcartdetail.json), and the orders and order-detail screens, as the
 * page runtime renders them, their documents answered by the fake /screens/ call as the server would.
 */
useFakeRequest();
viewportWidth(1440);

const { PageNode } = await import('../../../src/kernel/client/runtime/page/pageNodes.js');
await import('../../../src/kernel/client/runtime/page/builtIns.js');
await import('../../../src/modules/clientModules.js');
const { cartBadge, setCartCount } = await import('../../../src/modules/mall/client/cartBadge.js');
const { searchIntent, listOrderStatus, orderStatusLabel } = await import('../../../src/modules/mall/client/status.js');
const { cartCountOf } = await import('../../../src/modules/mall/client/cartBadge.js');

const { checkScreen, screenBody } = await import('../../../src/kernel/client/runtime/page/screen.js');
const screenNode = (name: string, document: unknown) => screenBody(checkScreen(name, document));

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}
const draw = (node: PageNodeSpec, at = '/page') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="*" element={<><PageNode node={node} scope={{ context: {} }} /><Where /></>} />
      </Routes>
    </MemoryRouter>,
  );

const ETHANOL = { id: 'i1', itemCode: 'R0001', name: '乙醇', cas: '64-17-5', spec: '500 mL', fineness: 'AR ≥99.7%', brand: '国药', unitName: '瓶', price: '25.50', stock: 40 };
const ACETONE = { id: 'i2', itemCode: 'R0002', name: '丙酮', cas: '67-64-1', spec: '500 mL', fineness: 'AR ≥99.5%', brand: '国药', unitName: '瓶', price: 18, stock: 0 };

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
beforeEach(() => {
  resetFake({ '/cart/BizCartDetail/getCartItemNum': 0, '/screens/mall/orderDetail': orderDetailScreen });
  setCartCount(0);
});
afterEach(() => {
  cleanup();
  // Confirmations live outside the rendered tree, and a closed one stays in the test DOM (its closing animation never
  // ends): none may answer for the next test.
});

describe('mall rules', () => {
  it('reads what the search box asks: a CAS number checked here, else a name or keyword', () => {
    expect(searchIntent('64-17-5')).toEqual({ kind: 'cas', cas: '64-17-5' });
    expect(searchIntent(' 64－17－5 ')).toEqual({ kind: 'cas', cas: '64-17-5' });
    expect(searchIntent('64-17-6')).toEqual({ kind: 'invalid', reason: 'checkDigit' });
    expect(searchIntent('64-1-75')).toEqual({ kind: 'invalid', reason: 'format' });
    expect(searchIntent('乙醇')).toEqual({ kind: 'keyword', keyword: '乙醇' });
    expect(searchIntent('AR 500')).toEqual({ kind: 'keyword', keyword: 'AR 500' });
    expect(searchIntent('   ')).toEqual({ kind: 'empty' });
  });

  it('labels order statuses and the list order status as spec 001 §4 says', () => {
    expect(orderStatusLabel(0, 'zh')).toBe('下单失败');
    expect(orderStatusLabel(1, 'zh')).toBe('下单成功');
    expect(orderStatusLabel(6, 'zh')).toBe('订单申请变更');
    expect(orderStatusLabel(-2, 'zh')).toBe('订单作废');
    expect(orderStatusLabel(null, 'zh')).toBe('下单成功');
    expect(orderStatusLabel(2, 'zhtw')).toBe('配送中');
    expect(orderStatusLabel(-1, 'en')).toBe('Order cancelled');
    expect(listOrderStatus(-1, 0)).toBe('failed');
    expect(listOrderStatus(-1, -1)).toBe('success');
    expect(listOrderStatus(-1, 2)).toBe('partlyFailed');
    expect(listOrderStatus(0, 0)).toBeNull();
    expect(listOrderStatus(null, null)).toBeNull();
  });

  it('reads the cart count however it is answered', () => {
    expect(cartCountOf(7)).toBe(7);
    expect(cartCountOf('12')).toBe(12);
    expect(cartCountOf({ num: 3 })).toBe(3);
    expect(cartCountOf(null)).toBe(0);
  });

  it('speaks zhtw and en too', async () => {
    await switchLanguage('en');
    expect(i18n.t('mall.search.casCheckDigit')).toMatch(/check digit/);
    await switchLanguage('zhtw');
    expect(i18n.t('mall.message.added')).toBe('已加入購物車');
    await switchLanguage('zh');
  });
});

describe('the reagent search', { timeout: 30_000 }, () => {
  it('refuses a wrong check digit with the message and sends nothing', async () => {
    draw(screenNode('mall/search', searchScreen));
    const box = await view.findByPlaceholderText('输入CAS号、名称或关键词');
    fireEvent.change(box, { target: { value: '64-17-6' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await loaded(() => expect(view.getByTestId('mall-search-problem').textContent).toContain('CAS号校验位不正确'));
    // The input takes one Enter per key press: the key comes up before the next search.
    fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.change(box, { target: { value: '64-1-75' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await loaded(() => expect(view.getByTestId('mall-search-problem').textContent).toContain('CAS号格式不正确'));
    expect(callsTo('/mall/itemListByCas')).toHaveLength(0);
  });

  it('searches a CAS number, shows control tags, puts an item in the cart and updates the badge', async () => {
    fake.answers['/mall/itemListByCas'] = { list: [ETHANOL], pagination: { currentPage: 1, pageSize: 20, total: 1 } };
    fake.answers['/mall/getReagentControl'] = { list: [{ cas: '64-17-5', controlType: 'hazardous' }] };
    fake.answers['/cart/BizCartDetail/getCartItemNum'] = 3;
    draw(screenNode('mall/search', searchScreen));
    const box = await view.findByPlaceholderText('输入CAS号、名称或关键词');
    fireEvent.change(box, { target: { value: '64 17 5' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await loaded(() => expect(view.getByTestId('mall-results-table').textContent).toContain('乙醇'));
    expect(callsTo('/mall/itemListByCas')[0].data).toEqual({ cas: '64-17-5', currentPage: 1, pageSize: 20 });
    expect(callsTo('/mall/getReagentControl')[0].data).toEqual({ casList: ['64-17-5'] });
    await loaded(() => expect(view.getByTestId('mall-results-table').querySelector('[data-control="hazardous"]')?.textContent).toBe('危化品'));
    expect(view.getByTestId('mall-results-table').textContent).toContain('¥25.50');
    fireEvent.click(view.getByTestId('mall-results-table').querySelector('[data-action="addToCart"]')!);
    await loaded(() => expect(cartBadge.count).toBe(3));
    expect(callsTo('/mall/putCart')[0].data).toEqual({ itemId: 'i1', quantity: 1 });
  });

  it('clears the results of the last search when the next one is refused', async () => {
    fake.answers['/mall/itemListByCas'] = { list: [ETHANOL], pagination: { currentPage: 1, pageSize: 20, total: 1 } };
    fake.answers['/mall/getReagentControl'] = { list: [] };
    draw(screenNode('mall/search', searchScreen));
    const box = await view.findByPlaceholderText('输入CAS号、名称或关键词');
    fireEvent.change(box, { target: { value: '64-17-5' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await loaded(() => expect(view.getByTestId('mall-results-table').textContent).toContain('乙醇'));
    fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.change(box, { target: { value: '64-17-6' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await loaded(() => expect(view.getByTestId('mall-search-problem').textContent).toContain('CAS号校验位不正确'));
    // Ethanol no longer answers what the box says.
    expect(view.queryByTestId('mall-results-table')).toBeNull();
    expect(view.getByTestId('mall-search').textContent).not.toContain('乙醇');
    expect(callsTo('/mall/itemListByCas')).toHaveLength(1);
  });

  it('searches a name, opens an item and buys it now, landing on the confirmation that carries it', async () => {
    fake.answers['/mall/itemListByCas'] = { list: [{ ...ETHANOL, controlType: 'none' }, ACETONE], pagination: { total: 2 } };
    fake.answers['/mall/itemDetails/i1'] = { ...ETHANOL, supplierName: '示例化学试剂有限公司' };
    draw(screenNode('mall/search', searchScreen));
    const box = await view.findByPlaceholderText('输入CAS号、名称或关键词');
    fireEvent.change(box, { target: { value: '醇' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await loaded(() => expect(view.getByTestId('mall-results-table').textContent).toContain('丙酮'));
    expect(callsTo('/mall/itemListByCas')[0].data).toEqual({ keyword: '醇', currentPage: 1, pageSize: 20 });
    expect(callsTo('/mall/getReagentControl')[0].data).toEqual({ casList: ['67-64-1'] });
    fireEvent.click(view.getAllByText('详情')[0]);
    await loaded(() => expect(document.querySelector('.lc-mall-item-drawer')?.textContent).toContain('示例化学试剂有限公司'));
    const drawer = document.querySelector('.lc-mall-item-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByRole('spinbutton'), { target: { value: '4' } });
    fireEvent.click(drawer.querySelector('[data-action="buyNow"]')!);
    // Buy now confirms first (/fromMall, decision 217): the address carries the item and the quantity, nothing is ordered yet.
    await loaded(() => expect(view.getByTestId('where').textContent).toMatch(/^\/fromMall\?/));
    const where = new URL(view.getByTestId('where').textContent!, 'http://labcode.test');
    expect(JSON.parse(where.searchParams.get('fromMallParamObj')!)).toEqual({ itemId: 'i1', quantity: 4 });
    expect(callsTo('/cart/BizCartDetail/fromMall')).toHaveLength(0);
  });
});

describe('the cart', { timeout: 30_000 }, () => {
  const cart = () => [
    { id: 'c1', itemId: 'i1', name: '乙醇', cas: '64-17-5', price: '25.50', quantity: 2, selected: 1 },
    { id: 'c2', itemId: 'i2', name: '丙酮', cas: '67-64-1', price: 18, quantity: 1, selected: 0 },
  ];

  it('totals the chosen rows, changes quantities, selects, removes and checks out', async () => {
    fake.answers['/cart/BizCartDetail/getList'] = { list: cart() };
    fake.answers['/cart/BizCartDetail/getCartItemNum'] = 3;
    fake.answers['/cart/BizCartDetail/fromMall'] = { id: 'o7' };
    draw(screenNode('bizData/bizcartdetail', cartScreen));
    await loaded(() => expect(view.getByTestId('mall-cart-total').textContent).toBe('¥51.00'));
    expect(cartBadge.count).toBe(3);

    // Choosing the second row adds it to the total and tells the server.
    const rows = view.getByTestId('mall-cart-table').querySelectorAll('tr.ant-table-row');
    fireEvent.click(rows[1].querySelector('input[type="checkbox"]')!);
    await loaded(() => expect(view.getByTestId('mall-cart-total').textContent).toBe('¥69.00'));
    expect(callsTo('/cart/BizCartDetail/select')[0]).toMatchObject({ method: 'PUT', data: { ids: ['c2'], selected: 1 } });

    // A quantity goes to the server after a pause; the total follows at once.
    fake.answers['/cart/BizCartDetail/getCartItemNum'] = 5;
    fireEvent.change(rows[1].querySelector('input[role="spinbutton"]')!, { target: { value: '3' } });
    await loaded(() => expect(view.getByTestId('mall-cart-total').textContent).toBe('¥105.00'));
    await loaded(() => expect(callsTo('/cart/BizCartDetail/c2/quantity')[0].data).toEqual({ quantity: 3 }));
    await loaded(() => expect(cartBadge.count).toBe(5));

    fireEvent.click(view.getByTestId('mall-cart-checkout'));
    await loaded(() => expect(view.getByTestId('where').textContent).toBe('/mall/orders?prStr=o7'));
    expect(callsTo('/cart/BizCartDetail/fromMall')[0].data).toEqual({ cartIds: ['c1', 'c2'] });
  });

  it('holds a quantity at the stock and says how many are left', async () => {
    fake.answers['/cart/BizCartDetail/getList'] = { list: [{ ...cart()[0], stock: 5, price: 1250 }] };
    fake.answers['/cart/BizCartDetail/getCartItemNum'] = 2;
    draw(screenNode('bizData/bizcartdetail', cartScreen));
    await loaded(() => expect(view.getByTestId('mall-cart-total').textContent).toBe('¥2,500.00'));
    const box = view.getByTestId('mall-cart-table').querySelector('input[role="spinbutton"]')!;
    fireEvent.change(box, { target: { value: '8' } });
    await loaded(() => expect(document.querySelector('.ant-message')?.textContent).toContain('库存仅剩 5'));
    await loaded(() => expect(view.getByTestId('mall-cart-total').textContent).toBe('¥6,250.00'));
    await loaded(() => expect(callsTo('/cart/BizCartDetail/c1/quantity')[0].data).toEqual({ quantity: 5 }));
  });

  it('takes no quantity for a line with no stock, and says so', async () => {
    fake.answers['/cart/BizCartDetail/getList'] = { list: [{ ...cart()[0], stock: 0 }] };
    fake.answers['/cart/BizCartDetail/getCartItemNum'] = 2;
    draw(screenNode('bizData/bizcartdetail', cartScreen));
    await loaded(() => expect(view.getByTestId('mall-cart-total').textContent).toBe('¥51.00'));
    fireEvent.change(view.getByTestId('mall-cart-table').querySelector('input[role="spinbutton"]')!, { target: { value: '3' } });
    await loaded(() => expect(document.querySelector('.ant-message')?.textContent).toContain('库存仅剩 0'));
    expect(view.getByTestId('mall-cart-total').textContent).toBe('¥51.00');
    expect(callsTo('/cart/BizCartDetail/c1/quantity')).toHaveLength(0);
  });

  it('removes a row after confirming, and says so when nothing is chosen', async () => {
    let list = cart().map((row) => ({ ...row, selected: 0 }));
    fake.answers['/cart/BizCartDetail/getList'] = () => ({ list });
    fake.answers['/cart/BizCartDetail/remove'] = (call: Call) => {
      list = list.filter((row) => !(call.data!.ids as string[]).includes(row.id));
      return null;
    };
    draw(screenNode('bizData/bizcartdetail', cartScreen));
    await loaded(() => expect(view.getByTestId('mall-cart-total').textContent).toBe('¥0.00'));
    expect((view.getByTestId('mall-cart-checkout') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(view.getByTestId('mall-cart-table').querySelectorAll('[data-action="remove"]')[0]);
    fireEvent.click(await view.findByRole('button', { name: /确\s*定|OK/ }));
    await loaded(() => expect(view.getByTestId('mall-cart-table').querySelectorAll('tr.ant-table-row')).toHaveLength(1));
    expect(callsTo('/cart/BizCartDetail/remove')[0].data).toEqual({ ids: ['c1'] });
  });
});

describe('orders', { timeout: 30_000 }, () => {
  const orders = [
    { id: 'o1', orderNo: 'DD202611230001', status: 1, approvalStatus: -1, secondStatus: 0, totalAmount: '51.00', creatorTime: 1763899200000, lineCount: 1, userName: '王小明/staff' },
    { id: 'o2', orderNo: 'DD202611230002', status: 10, approvalStatus: null, secondStatus: null, totalAmount: 18, creatorTime: 1763899300000, lineCount: 1, userName: '王小明/staff' },
  ];

  it('lists orders with their labels, opens one from ?prStr= and cancels while allowed', async () => {
    fake.answers['/mall/order/list'] = { list: orders, pagination: { currentPage: 1, pageSize: 20, total: 2 } };
    fake.answers['/mall/order/o1'] = { ...orders[0], items: [{ id: 'x', name: '乙醇', cas: '64-17-5', price: 25.5, quantity: 2, amount: 51 }] };
    draw(screenNode('mall/orders', ordersScreen), '/mall/orders?prStr=o1');
    await loaded(() => expect(view.getByTestId('list-table').textContent).toContain('DD202611230002'));
    expect(callsTo('/mall/order/list')[0]).toMatchObject({ method: 'POST', data: { currentPage: 1, pageSize: 20 } });
    const [first, second] = view.getByTestId('list-table').querySelectorAll('tr.ant-table-row');
    expect(first.textContent).toContain('下单成功');
    expect(first.querySelector('[data-list-status]')?.textContent).toBe('失败');
    expect(second.textContent).toContain('订单完成');
    expect(second.querySelector('[data-list-status]')?.textContent).toBe('-');
    expect(second.querySelector('[data-action="cancelOrder"]')).toBeNull();
    expect(first.textContent).toContain('王小明/staff');
    expect(first.textContent).toContain('2025-11-23');
    expect(first.textContent).toContain('¥51.00');
    // ?prStr=o1 opened the order's detail (the mall/orderDetail screen) in a drawer.
    const detail = () => document.querySelector('.lc-mall-order-detail') as HTMLElement;
    await loaded(() => expect(detail()?.textContent).toContain('乙醇'));
    expect(detail().querySelector('[data-prop="orderNo"]')?.textContent).toBe('DD202611230001');
    expect(detail().querySelector('[data-prop="totalAmount"]')?.textContent).toBe('¥51.00');
    expect(detail().textContent).toContain('合计：¥51.00');

    fireEvent.click(first.querySelector('[data-action="cancelOrder"]')!);
    fireEvent.click(await view.findByRole('button', { name: /确\s*定|OK/ }));
    await loaded(() => expect(callsTo('/mall/order/o1/Actions/Cancel')).toHaveLength(1));
    expect(callsTo('/mall/order/o1/Actions/Cancel')[0].method).toBe('PUT');
    // The list asks again after the change.
    await loaded(() => expect(callsTo('/mall/order/list').length).toBeGreaterThan(1));
  });

  it('searches orders by keyword and status', async () => {
    fake.answers['/mall/order/list'] = { list: orders, pagination: { total: 2 } };
    draw(screenNode('mall/orders', ordersScreen), '/mall/orders');
    await loaded(() => expect(view.getByTestId('list-table').textContent).toContain('DD202611230002'));
    fireEvent.change(view.getByPlaceholderText('订单号或试剂名称'), { target: { value: 'DD2026' } });
    fireEvent.click(view.getByTestId('list-search'));
    await loaded(() => expect(callsTo('/mall/order/list').at(-1)?.data).toMatchObject({ keyword: 'DD2026', currentPage: 1 }));
  });

  it('the order detail at /orderDetail?prStr= cancels a placed order, and a missing one says so', async () => {
    fake.answers['/mall/order/o1'] = { ...orders[0], items: [] };
    const first = draw(screenNode('mall/orderDetail', orderDetailScreen), '/orderDetail?prStr=o1');
    await loaded(() => expect(first.container.querySelector('.lc-mall-order-detail [data-prop="orderNo"]')?.textContent).toBe('DD202611230001'));
    fireEvent.click(first.container.querySelector('.lc-mall-order-detail [data-action="cancelOrder"]')!);
    fireEvent.click(await view.findByRole('button', { name: /确\s*定|OK/ }));
    await loaded(() => expect(callsTo('/mall/order/o1/Actions/Cancel')).toHaveLength(1));
    await loaded(() => expect(callsTo('/mall/order/o1').length).toBe(2));
    first.unmount();

    fake.answers['/mall/order/nope'] = new Error('not found');
    draw(screenNode('mall/orderDetail', orderDetailScreen), '/orderDetail?prStr=nope');
    await loaded(() => expect(view.getByTestId('record-missing').textContent).toContain('没有这张订单'));
  });
});

describe('registrations', () => {
  it('registers the mall cells', async () => {
    const { renderCell } = await import('../../../src/kernel/client/runtime/page/cells.js');
    const { container } = render(<>{renderCell('orderStatus', 2, { row: {}, t: i18n.t, language: 'zh' })}{renderCell('reagentControl', 'toxic', { row: {}, t: i18n.t, language: 'zh' })}{renderCell('listOrderStatus', null, { row: { approvalStatus: -1, secondStatus: -1 }, t: i18n.t, language: 'zh' })}</>);
    expect(container.textContent).toBe('配送中剧毒成功');
    expect(renderCell('money', '25.5', { row: {}, t: i18n.t, language: 'zh' })).toBe('¥25.50');
    expect(renderCell('money', 1234567.5, { row: {}, t: i18n.t, language: 'en' })).toBe('¥1,234,567.50');
    expect(renderCell('money', null, { row: {}, t: i18n.t, language: 'zh' })).toBe('');
  });

  it('the putCart action puts the row in the cart and refreshes the badge', async () => {
    const { runAction } = await import('../../../src/kernel/client/runtime/page/actions.js');
    fake.answers['/cart/BizCartDetail/getCartItemNum'] = { num: 12 };
    await act(() => runAction({ actionType: 'putCart', itemId: '{id}', quantity: 2 }, { context: { id: 'i5' }, reload: async () => undefined, open: () => undefined, navigate: () => undefined, run: async () => undefined, t: i18n.t, language: 'zh' }));
    expect(callsTo('/mall/putCart')[0].data).toEqual({ itemId: 'i5', quantity: 2 });
    expect(cartBadge.count).toBe(12);
  });
});
