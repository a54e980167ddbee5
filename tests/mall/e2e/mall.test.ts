import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, DESKTOP, expectInViewport, expectNoHorizontalScroll, newPage, screenshot, settled, signIn, e2eContext, type E2EContext } from '../../support/e2e/browser.js';

/**
 * The reagent mall in Chromium as the demo staff user: a CAS number with a wrong check digit refused on the page
 * (nothing sent), a right one found, an item put in the cart (the top bar's badge follows), bought now, and the
 * order found in the orders list and its detail; then every mall screen at desktop and phone sizes.
 */

async function signedIn(ctx: E2EContext, viewport = DESKTOP): Promise<Page> {
  const page = await newPage(ctx, viewport);
  await signIn(page, 'staff', 'demo123456');
  return page;
}

const shoot = (page: Page, name: string) => screenshot(page, `mall-${name}`);

/** The cart badge's number (0 while hidden). */
async function cartBadge(page: Page): Promise<number> {
  const count = page.locator('.ant-badge', { has: page.getByTestId('cart-icon') }).locator('.ant-scroll-number');
  if (!(await count.count())) return 0;
  const title = await count.first().getAttribute('title');
  return Number(title ?? (await count.first().innerText()));
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByTestId('mall-search-input').locator('input');
  await box.fill(text);
  await box.press('Enter');
}

describe('the reagent mall, in Chromium', () => {
  const ctx = e2eContext();

  it('searches by CAS, refuses a wrong check digit, puts in the cart, buys now and shows the order', async () => {
    const page = await signedIn(ctx);
    const searches: string[] = [];
    page.on('request', (request) => request.url().includes('/api/mall/itemListByCas') && searches.push(request.postData() ?? ''));

    const counted = page.waitForResponse((response) => response.url().includes('/api/cart/BizCartDetail/getCartItemNum'));
    await page.getByTestId('side-menu').getByText('试剂商城', { exact: true }).click();
    await page.getByTestId('side-menu').getByText('试剂搜索', { exact: true }).click();
    await page.waitForURL(/\/mall\/search$/);
    await page.getByTestId('mall-search').waitFor();
    // The badge shows what the server counted.
    const counting = (await (await counted).json()) as { data: number };
    await expect.poll(() => cartBadge(page)).toBe(Number(counting.data));
    const before = await cartBadge(page);

    // A wrong check digit: the message, and nothing sent.
    await search(page, '64-17-6');
    await page.getByTestId('mall-search-problem').getByText('CAS号校验位不正确，请核对后再搜索').waitFor();
    await search(page, '64-17');
    await page.getByTestId('mall-search-problem').getByText(/CAS号格式不正确/).waitFor();
    expect(searches).toHaveLength(0);

    // The right number finds ethanol, with its control tag.
    await search(page, '64-17-5');
    const table = page.getByTestId('mall-results-table');
    await table.locator('tr.ant-table-row', { hasText: '无水乙醇' }).first().waitFor();
    expect(JSON.parse(searches[0])).toMatchObject({ cas: '64-17-5' });
    await expect.poll(() => table.locator('[data-control="hazardous"]').count()).toBeGreaterThan(0);
    for (const row of await table.locator('tr.ant-table-row').all()) expect(await row.innerText()).toContain('64-17-5');
    await shoot(page, 'search-desktop');

    // Into the cart: the badge goes up by one.
    await table.locator('tr.ant-table-row').first().locator('[data-action="addToCart"]').click();
    await expect.poll(() => cartBadge(page)).toBe(before + 1);

    // Buy now from the drawer, two units: /fromMall confirms the reagent and the quantity, takes an address, and the
    // order opens over the orders list.
    await table.locator('tr.ant-table-row').first().locator('[data-action="detail"]').click();
    const drawer = page.locator('.lc-mall-item-drawer');
    await drawer.getByText('辰光化学').or(drawer.getByText('蓝岸生化')).first().waitFor();
    await shoot(page, 'item-desktop');
    await drawer.getByTestId('mall-quantity').locator('input').fill('2');
    await drawer.locator('[data-action="buyNow"]').click();
    await page.waitForURL(/\/fromMall\?fromMallParamObj=/);
    expect(JSON.parse(new URL(page.url()).searchParams.get('fromMallParamObj')!)).toMatchObject({ quantity: 2 });
    const confirm = page.locator('.lc-mall-buy-now');
    await confirm.getByText('无水乙醇').waitFor();
    expect(await confirm.getByTestId('buy-now-quantity').locator('input').inputValue()).toBe('2');
    await confirm.getByTestId('buy-now-address').locator('input').fill('实验楼 3 层 301 室');
    await shoot(page, 'buy-now-desktop');
    await confirm.locator('[data-action="placeOrder"]').click();
    await page.waitForURL(/\/mall\/orders\?prStr=/);
    const orderId = new URL(page.url()).searchParams.get('prStr')!;
    const detail = page.locator('.lc-mall-order-detail');
    await detail.getByText('无水乙醇').waitFor();
    const orderNo = (await detail.locator('[data-prop="orderNo"]').innerText()).trim();
    expect(orderNo).toMatch(/^DD\d+/);
    expect(await detail.innerText()).toContain('下单成功');
    await shoot(page, 'order-detail-desktop');

    // The orders list has it; its detail opens again from the list.
    await page.locator('.ant-drawer-close').last().click();
    await page.locator('.lc-mall-order-detail').waitFor({ state: 'detached' });
    const orderRow = page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: orderNo });
    await orderRow.waitFor();
    expect(await orderRow.innerText()).toContain('下单成功');
    await shoot(page, 'orders-desktop');
    await orderRow.getByRole('button', { name: /详\s*情/ }).click();
    await page.locator('.lc-mall-order-detail').getByText(orderNo).waitFor();
    await page.locator('.ant-drawer-close').last().click();
    await page.locator('.lc-mall-order-detail').waitFor({ state: 'detached' });

    // The spec's own link to an order, /orderDetail?prStr=<id>, opens the same order at a fixed address.
    await page.goto(`/orderDetail?prStr=${encodeURIComponent(orderId)}`);
    await page.locator('.lc-mall-order-detail').getByText(orderNo).waitFor();
    expect(await page.locator('.lc-mall-order-detail').innerText()).toContain('无水乙醇');
    await page.goto('/mall/orders');

    // The cart holds what was put in (buy now leaves the cart alone); a quantity change moves the badge. The spec's
    // /cart is the same page.
    await page.goto('/cart');
    await page.waitForURL(/\/bizData\/bizcartdetail$/);
    await page.getByTestId('mall-cart-table').locator('tr.ant-table-row', { hasText: '无水乙醇' }).first().waitFor();
    await page.goto('/mall/orders');
    await page.getByTestId('cart-icon').click();
    await page.waitForURL(/\/bizData\/bizcartdetail$/);
    const cartRow = page.getByTestId('mall-cart-table').locator('tr.ant-table-row', { hasText: '无水乙醇' }).first();
    await cartRow.waitFor();
    await shoot(page, 'cart-desktop');
    const quantity = Number(await cartRow.getByTestId('mall-quantity').locator('input').inputValue());
    await cartRow.getByTestId('mall-quantity').locator('input').fill(String(quantity + 2));
    await cartRow.getByTestId('mall-quantity').locator('input').blur();
    await expect.poll(() => cartBadge(page)).toBe(before + 3);
    // More than the stock is held at the stock, with a warning saying how many are left; amounts group thousands.
    await cartRow.getByTestId('mall-quantity').locator('input').fill('9000');
    await cartRow.getByTestId('mall-quantity').locator('input').blur();
    const warning = await page.locator('.ant-message-notice').getByText(/库存仅剩 \d+/).textContent();
    const stock = Number(/\d+/.exec(warning!)![0]);
    await expect.poll(() => cartRow.getByTestId('mall-quantity').locator('input').inputValue()).toBe(String(stock));
    expect(await cartRow.innerText()).toMatch(/¥\d{1,3}(,\d{3})+\.\d{2}/);
  });

  it('the mall screens are usable on a phone', async () => {
    const page = await signedIn(ctx, PHONE);
    await page.goto('/mall/search');
    await page.getByTestId('mall-search').waitFor();
    await search(page, '67-64-1');
    const cards = page.getByTestId('mall-results-cards').locator('[data-card]');
    await cards.first().waitFor();
    // Results as cards across the phone's width, none cut off at the side, the page not scrolling sideways.
    expect(await page.getByTestId('mall-results-table').count()).toBe(0);
    await expectInViewport(page.getByTestId('mall-search-input'), { whole: true });
    for (const card of await cards.all()) {
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expectInViewport(cards.first().locator('[data-action="addToCart"]'), { whole: true });
    await expectNoHorizontalScroll(page);
    await shoot(page, 'search-phone');
    // A refused search takes the last one's results away: they no longer answer what the box says.
    await search(page, '67-64-2');
    await page.getByTestId('mall-search-problem').getByText('CAS号校验位不正确，请核对后再搜索').waitFor();
    expect(await page.getByTestId('mall-results-cards').count()).toBe(0);
    await search(page, '67-64-1');
    await cards.first().waitFor();
    await page.getByTestId('mall-results-cards').locator('[data-action="addToCart"]').first().click();
    await page.getByTestId('mall-results-cards').locator('[data-card]').first().click();
    await page.locator('.lc-mall-item-drawer').locator('[data-action="buyNow"]').waitFor();
    await settled(page);
    // The item's drawer within the phone's width, with buy now in reach.
    await expectInViewport(page.locator('.ant-drawer-content-wrapper', { has: page.locator('.lc-mall-item-drawer') }));
    await expectInViewport(page.locator('.lc-mall-item-drawer').locator('[data-action="buyNow"]'), { whole: true });
    await shoot(page, 'item-phone');
    await page.locator('.lc-mall-item-drawer').locator('[data-action="buyNow"]').click();
    await page.waitForURL(/\/fromMall\?/);
    await page.locator('.lc-mall-buy-now').getByText('丙酮').first().waitFor();
    await settled(page);
    await expectInViewport(page.locator('.lc-mall-buy-now').locator('[data-action="placeOrder"]'), { whole: true });
    await expectNoHorizontalScroll(page);
    await shoot(page, 'buy-now-phone');
    await page.locator('.lc-mall-buy-now').locator('[data-action="placeOrder"]').click();
    await page.waitForURL(/\/mall\/orders\?prStr=/);
    await page.locator('.lc-mall-order-detail').getByText('丙酮').first().waitFor();
    await settled(page);
    await expectInViewport(page.locator('.lc-mall-order-detail'));
    await expectInViewport(page.locator('.lc-mall-order-detail').getByText('丙酮').first());
    await expectNoHorizontalScroll(page);
    await shoot(page, 'order-detail-phone');
    await page.goto('/mall/orders');
    await page.getByTestId('list-table').locator('tr.ant-table-row').first().waitFor();
    await expectInViewport(page.getByTestId('list-table').locator('tr.ant-table-row').first().locator('td').first());
    await expectNoHorizontalScroll(page);
    await shoot(page, 'orders-phone');
    await page.goto('/bizData/bizcartdetail');
    await page.getByTestId('mall-cart').waitFor();
    await expectInViewport(page.getByTestId('mall-cart'));
    await expectInViewport(page.getByTestId('mall-cart-checkout'));
    await expectNoHorizontalScroll(page);
    await shoot(page, 'cart-phone');
    // Check out from the phone cart: the order opens.
    // What was put in the cart comes chosen; choosing all again keeps it so.
    const selectAll = page.getByRole('checkbox', { name: '全选' });
    if (!(await selectAll.isChecked())) await selectAll.check();
    await page.getByTestId('mall-cart-checkout').click();
    await page.waitForURL(/\/mall\/orders\?prStr=/);
    await page.locator('.lc-mall-order-detail').waitFor();
  });
});
