import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, e2eContext, expectNoHorizontalScroll, newPage, PHONE, screenshot, signIn } from '../../support/e2e/browser.js';

/**
 * 试剂商城 › 供应商 in Chromium (issue 32 item 6), as procurement uses it: a new supplier, its 商品 drawer, an item
 * found by name and linked to it, the count in the list, the item removed again. Pictures:
 * test-results/screenshots/suppliers-*.png (SCREENSHOTS=1).
 */
const OK = /确\s*定/;
const shot = (page: Page, name: string) => screenshot(page, `suppliers-${name}`);
const rowOf = (page: Page, text: string) => page.getByTestId('list-table').first().locator('tr.ant-table-row', { hasText: text });

describe('suppliers, in Chromium', () => {
  const ctx = e2eContext();

  it('adds a supplier and links an item to it from its 商品 drawer', async () => {
    const page = await newPage(ctx, DESKTOP);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'heping', 'demo123456');
    await page.getByTestId('side-menu').getByText('试剂商城', { exact: true }).click();
    await page.getByTestId('side-menu').getByText('供应商', { exact: true }).click();
    await page.waitForURL(/\/mall\/suppliers$/);
    await rowOf(page, '启明试剂').waitFor();
    await shot(page, 'list-desktop');

    await page.locator('[data-action="add"]').first().click();
    const dialog = page.locator('.lc-form-dialog .ant-modal-content');
    await dialog.locator('[data-field="fullName"] input').fill('澄源（示例）仪器有限公司');
    await dialog.locator('[data-field="enCode"] input').fill('SUP-CHENGYUAN-2');
    await dialog.locator('[data-field="phone"] input').fill('电话');
    await dialog.getByRole('button', { name: OK }).click();
    await dialog.getByText('联系电话只能包含数字、空格和 + - ( )').waitFor();
    await dialog.locator('[data-field="phone"] input').fill('020-5555 0808');
    await dialog.getByRole('button', { name: OK }).click();
    const row = rowOf(page, '澄源（示例）仪器有限公司');
    await row.waitFor();
    expect(await row.innerText()).toContain('0');

    await row.locator('[data-action="items"]').click();
    const drawer = page.locator('.ant-drawer-content').filter({ has: page.locator('.lc-supplier-items') });
    await drawer.getByTestId('supplier-candidates').locator('input').first().fill('丙酮');
    await drawer.getByTestId('supplier-candidates').getByRole('button', { name: /查\s*找/ }).click();
    const candidate = drawer.getByTestId('supplier-candidates').locator('tr.ant-table-row', { hasText: '丙酮' }).first();
    await candidate.waitFor();
    const itemCode = (await candidate.locator('td').first().innerText()).trim();
    await candidate.locator('[data-action="link"]').click();
    await drawer.getByTestId('supplier-items').locator('tr.ant-table-row', { hasText: itemCode }).waitFor();
    await shot(page, 'items-desktop');
    await page.locator('.ant-drawer-close').last().click();
    await expect.poll(async () => (await row.innerText()).includes('1')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('fits the supplier list on a phone', async () => {
    const page = await newPage(ctx, PHONE);
    await signIn(page, 'heping', 'demo123456', '/mall/suppliers');
    await rowOf(page, '启明试剂').waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, 'list-phone');
  });
});
