import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { billDatePart } from '../../../src/shared/billNumber.js';
import { PHONE, expectInViewport, expectNoHorizontalScroll, newPage, screenshot, signIn, e2eContext, type E2EContext } from '../../support/e2e/browser.js';

const OK = /确\s*定/;

async function signedIn(ctx: E2EContext, account: string, password: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(ctx, viewport);
  await signIn(page, account, password);
  return page;
}

const dialog = (page: Page) => page.locator('.lc-form-dialog .ant-modal-content');
const rowOf = (page: Page, text: string) => page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });

describe('screens rendered from JSON, in Chromium', () => {
  const ctx = e2eContext();

  it('manages dictionaries: a new category, its entries, a refused entry, a toggle and a delete', async () => {
    const page = await signedIn(ctx, 'admin', 'admin123456');
    const violations: string[] = [];
    page.on('console', (m) => /Content Security Policy|unsafe-eval/i.test(m.text()) && violations.push(m.text()));
    await page.getByTestId('side-menu').getByText('系统数据', { exact: true }).click();
    await page.getByTestId('side-menu').getByText('数据字典', { exact: true }).click();
    await page.waitForURL(/\/systemData\/dictionary$/);
    await rowOf(page, '分析纯').waitFor();
    await screenshot(page, 'dictionary-desktop');

    // A new tree category, through category management (a drawer with its own screen).
    await page.getByTestId('category-menu').click();
    await page.getByText('分类管理', { exact: true }).last().click();
    const drawer = page.locator('.ant-drawer-content').filter({ hasText: '分类管理' });
    await drawer.locator('[data-action="add"]').click();
    await dialog(page).locator('[data-field="fullName"] input').fill('样品类型');
    await dialog(page).locator('[data-field="enCode"] input').fill('sampleType');
    await dialog(page).locator('[data-field="isTree"] .ant-switch').click();
    await expect.poll(() => dialog(page).locator('[data-field="isTree"] .ant-switch').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'dictionary-category-dialog-desktop');
    await dialog(page).getByRole('button', { name: OK }).click();
    await drawer.locator('tr.ant-table-row', { hasText: '样品类型' }).waitFor();
    await drawer.locator('.ant-drawer-close').click();
    await page.getByTestId('dictionary-categories').getByText('样品类型', { exact: true }).click();

    // Entries: two at the top level (the second saved by Enter in its last field, as a person saves a dialog),
    // then one that breaks the rules and says why.
    for (const [name, code, save] of [['水样', 'WATER', 'click'], ['土壤', 'SOIL', 'Enter']]) {
      await page.locator('[data-action="add"]').first().click();
      await dialog(page).locator('[data-field="fullName"] input').fill(name);
      await dialog(page).locator('[data-field="enCode"] input').fill(code);
      if (save === 'Enter') await dialog(page).locator('[data-field="enCode"] input').press('Enter');
      else await dialog(page).getByRole('button', { name: OK }).click();
      await rowOf(page, name).waitFor();
    }
    // Importing a file of the same category: asked first, then the file's names win and the other entry stays.
    await page.getByTestId('category-menu').click();
    await page.getByText('分类管理', { exact: true }).last().click();
    const exported = { format: 'labcode.dictionary.v1', category: { fullName: '样品类型', enCode: 'sampleType', isTree: 1, sortCode: 0 }, entries: [{ id: 'w', parentId: '0', fullName: '水样（导入）', enCode: 'WATER', sortCode: 0, enabledMark: 1, description: null }] };
    await drawer.getByTestId('list-upload').setInputFiles({ name: 'sampleType.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(exported)) });
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '是否用文件覆盖该分类' });
    await ask.getByText('字典分类已存在：sampleType').waitFor();
    await ask.getByRole('button', { name: OK }).click();
    await page.locator('.ant-message-notice').getByText('更新成功').waitFor();
    await drawer.locator('.ant-drawer-close').click();
    await rowOf(page, '水样（导入）').waitFor();
    await rowOf(page, '土壤').waitFor();

    await page.locator('[data-action="add"]').first().click();
    await dialog(page).locator('[data-field="fullName"] input').fill('名'.repeat(51));
    await dialog(page).getByRole('button', { name: OK }).click();
    await dialog(page).getByText('字典名称最多为50个字符！').waitFor();
    await dialog(page).getByText('请输入编码').waitFor();
    await screenshot(page, 'dictionary-invalid-entry-desktop');
    await dialog(page).getByRole('button', { name: /取\s*消/ }).click();

    // Disable 水样, delete 土壤: each after its confirmation.
    await rowOf(page, '水样').locator('[data-action="state"]').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
    await rowOf(page, '水样').getByText('禁用').waitFor();
    await rowOf(page, '土壤').locator('[data-action="remove"]').click();
    await page.locator('.ant-modal-confirm').getByText('此操作将永久删除该数据，是否继续？').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
    await expect.poll(() => rowOf(page, '土壤').count()).toBe(0);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('creates a bill rule with its example live, and draws numbers', async () => {
    const page = await signedIn(ctx, 'admin', 'admin123456');
    await page.goto('/system/billRule');
    await rowOf(page, '物资申领单').waitFor();
    await page.locator('[data-action="add"]').first().click();
    const today = billDatePart('yyyyMMdd', new Date());
    await dialog(page).locator('[data-field="fullName"] input').fill('检测委托单');
    await dialog(page).locator('[data-field="enCode"] input').fill('Commission');
    await dialog(page).locator('[data-field="category"] .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '检测分析' }).click();
    await dialog(page).locator('[data-field="prefix"] input').fill('WT');
    await expect.poll(() => page.getByTestId('bill-rule-example').inputValue()).toBe(`WT${today}0001`);
    await dialog(page).locator('[data-field="digit"] input').fill('6');
    await dialog(page).locator('[data-field="startNumber"] input').fill('25');
    await expect.poll(() => page.getByTestId('bill-rule-example').inputValue()).toBe(`WT${today}000025`);
    await screenshot(page, 'bill-rule-dialog-desktop');
    await dialog(page).getByRole('button', { name: OK }).click();
    await rowOf(page, '检测委托单').waitFor();

    const token = await page.evaluate(() => window.localStorage.getItem('labcode_token'));
    const numbers: string[] = [];
    for (let i = 0; i < 3; i += 1) numbers.push((await (await page.request.get('/api/system/BillRule/BillNumber/Commission', { headers: { authorization: token! } })).json()).data);
    expect(numbers).toEqual([`WT${today}000025`, `WT${today}000026`, `WT${today}000027`]);
    await page.getByTestId('list-refresh').click();
    await rowOf(page, '检测委托单').getByText(`WT${today}000027`).waitFor();
    await screenshot(page, 'bill-rules-desktop');
    await page.close();
  });

  it('shows a lab manager the dictionaries without edit buttons, and tells staff the page is not theirs', async () => {
    const manager = await signedIn(ctx, 'zhangwei', 'demo123456');
    await manager.goto('/systemData/dictionary');
    await rowOf(manager, '分析纯').waitFor();
    expect(await manager.locator('[data-action="add"]').count()).toBe(0);
    expect(await manager.locator('[data-action="edit"], [data-action="remove"], [data-action="state"]').count()).toBe(0);
    await manager.close();

    const staff = await signedIn(ctx, 'staff', 'demo123456', PHONE);
    await staff.goto('/systemData/dictionary');
    await staff.getByTestId('no-permission').waitFor();
    // The page says so instead of a list; the server refuses the screen and its calls to staff all the same.
    expect(await staff.getByTestId('list-table').count()).toBe(0);
    await staff.close();
  });

  it('shows the system log with each sign-in\'s browser and platform, on a desktop and a phone', async () => {
    const page = await signedIn(ctx, 'admin', 'admin123456');
    await page.goto('/system/log');
    // This very sign-in, from this Chromium on Linux: the entry keeps the browser it came from.
    const row = page.getByTestId('list-table').locator('tr.ant-table-row').filter({ hasText: 'Chrome' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Linux');
    await screenshot(page, 'system-log-desktop');
    await page.setViewportSize(PHONE);
    // The shell crosses into the phone layout after the resize, on its own render: the check waits for it.
    await page.locator('[data-layout="mobile"]').waitFor();
    await row.waitFor();
    await expectInViewport(row.locator('td').first());
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'system-log-phone');
    await page.close();
  });

  it('lays the dictionary screen out on a phone', async () => {
    const page = await signedIn(ctx, 'admin', 'admin123456', PHONE);
    await page.goto('/systemData/dictionary');
    await rowOf(page, '分析纯').waitFor();
    // The phone layout: the menu behind its button, the screen's actions and rows in view, nothing wider than the phone.
    expect(await page.locator('[data-layout]').getAttribute('data-layout')).toBe('mobile');
    expect(await page.getByTestId('sider').count()).toBe(0);
    await expectInViewport(page.getByTestId('menu-toggle'), { whole: true });
    await expectInViewport(page.locator('[data-action="add"]').first(), { whole: true });
    await expectInViewport(rowOf(page, '分析纯').locator('td').first());
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'dictionary-phone');
    await page.goto('/system/area');
    await rowOf(page, '北京市').waitFor();
    await rowOf(page, '河北省').locator('.ant-table-row-expand-icon').click();
    await rowOf(page, '石家庄市').waitFor();
    // The child row opened under its province, in view.
    const province = await expectInViewport(rowOf(page, '河北省').locator('td').first());
    const city = await expectInViewport(rowOf(page, '石家庄市').locator('td').first());
    expect(city.y).toBeGreaterThan(province.y);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'areas-phone');
    await page.close();
  });
});
