import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, e2eContext, newPage, PHONE, screenshot, signIn } from '../../support/e2e/browser.js';
import { purchaseForm, purchaseList } from '../../onlineData/api/onlineDataDesign.js';

/**
 * 代码生成 (menu `generator`, generator/webForm) in Chromium: the designs listed, the generated files previewed in
 * tabs named by file, and the zip downloaded, on desktop and phone.
 */
const rowOf = (page: Page, text: string) => page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });

describe('code generation, in Chromium', () => {
  const ctx = e2eContext();

  it('lists designs, previews the generated files by name and downloads them as a zip', async () => {
    const token = await apiSignIn(ctx, 'admin', 'admin123456');
    const created = await (
      await fetch(`${ctx.server.url}/api/visualdev/Base`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ fullName: '生成用采购单', enCode: 'genPurchase', type: 1, webType: 2, formData: JSON.stringify(purchaseForm), columnData: JSON.stringify(purchaseList), tables: '[]' }),
      })
    ).json();
    expect(created.code, created.msg).toBe(200);

    const page = await newPage(ctx);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'admin', 'admin123456', '/generator/webForm');
    await rowOf(page, '生成用采购单').waitFor();
    await screenshot(page, 'code-generation-list-desktop');

    await rowOf(page, '生成用采购单').locator('[data-action="codePreview"]').click();
    const preview = page.getByTestId('code-preview');
    await preview.locator('.ant-tabs-tab').first().waitFor();
    expect(Number(await preview.getAttribute('data-files'))).toBeGreaterThanOrEqual(5);
    // The tabs are named by file; the service holds the design's list call, the DDL its table.
    const names = await preview.locator('.ant-tabs-tab [data-file]').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-file') ?? ''));
    expect(names.some((name) => name.endsWith('/service.ts'))).toBe(true);
    expect(names.some((name) => name.endsWith('.sql'))).toBe(true);
    const service = names.find((name) => name.endsWith('/service.ts'))!;
    // The tab strip may still be measuring its overflow when first drawn: click until the tab is the active one.
    const serviceTab = preview.locator('.ant-tabs-tab', { has: page.locator(`[data-file="${service}"]`) });
    await expect
      .poll(async () => {
        await serviceTab.click();
        return serviceTab.getAttribute('class');
      })
      .toContain('ant-tabs-tab-active');
    await expect.poll(async () => preview.locator('.ant-tabs-tabpane-active [data-testid="code-content"]').textContent()).toContain('export async function listRecords');
    await screenshot(page, 'code-generation-preview-desktop');

    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('code-download').click()]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    await page.locator('.lc-code-preview .ant-modal-close').click();

    // The row's own 下载代码 does the same.
    const [again] = await Promise.all([page.waitForEvent('download'), rowOf(page, '生成用采购单').locator('[data-action="downloadCode"]').click()]);
    expect(again.suggestedFilename()).toMatch(/\.zip$/);

    const phone = await newPage(ctx, PHONE);
    await signIn(phone, 'admin', 'admin123456', '/generator/webForm');
    await rowOf(phone, '生成用采购单').waitFor();
    await screenshot(phone, 'code-generation-list-phone');
    // On a phone the row's actions fold into a menu.
    await rowOf(phone, '生成用采购单').locator('[data-action="more"]').click();
    await phone.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '预览代码' }).click();
    await phone.getByTestId('code-preview').locator('.ant-tabs-tab').first().waitFor();
    // The menu is gone before the picture (screenshot waits for the dialog to finish opening).
    await phone.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
    await screenshot(phone, 'code-generation-preview-phone');
    expect(errors).toEqual([]);
  });
});
