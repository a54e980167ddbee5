import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { e2eContext, newPage, screenshot, signIn } from '../../support/e2e/browser.js';

/**
 * The generic import dialog on the users screen, in Chromium: a wrong file is refused before sending; the template
 * downloads; an .xlsx with a good and a bad row previews, imports the good one, counts both, lists the bad one
 * with its reason and downloads the failure list; the list then holds the imported user, and exports it.
 */
const rowOf = (page: Page, text: string) => page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });

async function sheetRows(file: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describe('the bulk import dialog, in Chromium', () => {
  const ctx = e2eContext();

  it('imports users from an .xlsx with a good and a bad row, counts them and downloads the failures', async () => {
    const page = await newPage(ctx);
    await signIn(page, 'admin', 'admin123456', '/permission/user');
    await rowOf(page, 'admin').first().waitFor();

    await page.locator('[data-action="import"]').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-step')).toBe('1');
    const chooser = page.locator('.lc-import-dialog input[type=file]');

    // A wrong file never leaves the browser.
    let uploads = 0;
    page.on('request', (request) => request.url().includes('/Uploader') && (uploads += 1));
    await chooser.setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from('account\nx\n') });
    await page.locator('.ant-message-notice', { hasText: '只能上传 xls 或 xlsx 格式的文件' }).waitFor();
    expect(uploads).toBe(0);
    await page.getByTestId('import-next').click();
    await page.locator('.ant-message-notice', { hasText: '请先上传文件' }).waitFor();

    // The template: its header is what the rows are written under.
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-template').click()]);
    const templatePath = await template.path();
    const header = (await sheetRows(templatePath))[0];
    expect(header).toEqual(expect.arrayContaining(['账号', '姓名', '手机号', '所属组织']));

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('用户');
    const row = (values: Record<string, string>) => header.map((title) => values[title] ?? '');
    sheet.addRow(header);
    sheet.addRow(row({ 账号: 'e2eimport1', 姓名: '导入甲', 性别: '男', 手机号: '13800001111', 所属组织: '示例检测科技有限公司/分析测试部' }));
    sheet.addRow(row({ 账号: 'e2eimport2', 姓名: '导入乙', 性别: '女', 手机号: '123', 所属组织: '示例检测科技有限公司/分析测试部' }));
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    await chooser.setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
    await page.getByTestId('import-file').getByText('users.xlsx').waitFor();
    expect(uploads).toBe(1);
    await screenshot(page, 'import-step1-desktop');

    // Step 2: both rows, editable; back and on again keeps the file.
    await page.getByTestId('import-next').click();
    await expect.poll(() => dialog.getAttribute('data-step')).toBe('2');
    const preview = page.getByTestId('import-preview');
    await expect.poll(() => preview.locator('tr.ant-table-row').count()).toBe(2);
    await page.getByTestId('import-back').click();
    await expect.poll(() => dialog.getAttribute('data-step')).toBe('1');
    await page.getByTestId('import-next').click();
    await expect.poll(() => dialog.getAttribute('data-step')).toBe('2');
    await preview.locator('[data-cell="0-realName"]').fill('导入甲改');
    await screenshot(page, 'import-step2-desktop');

    // Step 3: one in, one out, with its reason and the failure list.
    await page.getByTestId('import-run').click();
    const result = page.getByTestId('import-result');
    await result.waitFor();
    expect(await result.getAttribute('data-success')).toBe('1');
    expect(await result.getAttribute('data-failure')).toBe('1');
    await result.getByText('成功 1 条，失败 1 条').waitFor();
    const failures = page.getByTestId('import-failure-table');
    await failures.getByText('e2eimport2').waitFor();
    expect(await failures.textContent()).toMatch(/手机/);
    await screenshot(page, 'import-step3-desktop');

    const [failureList] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-failures').click()]);
    expect(failureList.suggestedFilename()).toMatch(/\.xlsx$/);
    const failedRows = await sheetRows(await failureList.path());
    const text = failedRows.map((r) => r.join('|')).join('\n');
    expect(text).toContain('e2eimport2');
    expect(text).not.toContain('e2eimport1');
    expect(text).toMatch(/手机/);
    expect(fs.existsSync(await failureList.path())).toBe(true);

    // Closing reloads the list: the good row is a user now, the bad one is not.
    await page.getByTestId('import-close').click();
    await page.locator('[data-field="keyword"] input').fill('e2eimport');
    await page.getByTestId('list-search').click();
    await rowOf(page, 'e2eimport1').waitFor();
    expect(await rowOf(page, '导入甲改').count()).toBe(1);
    expect(await rowOf(page, 'e2eimport2').count()).toBe(0);

    // Export: the searched list as an .xlsx.
    const [exported] = await Promise.all([page.waitForEvent('download'), page.locator('.lc-list-toolbar [data-action="export"]').click()]);
    expect(exported.suggestedFilename()).toMatch(/\.xlsx$/);
    const exportedRows = await sheetRows(await exported.path());
    const exportedText = exportedRows.map((r) => r.join('|')).join('\n');
    // Only what the search shows: the keyword went with the export.
    expect(exportedRows.some((r) => r.includes('admin'))).toBe(false);
    expect(exportedText).toContain('e2eimport1');
    expect(exportedText).toContain('导入甲改');
    expect(exportedText).not.toContain('e2eimport2');
    await page.close();
  });
});
