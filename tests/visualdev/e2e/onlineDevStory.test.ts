import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { e2eContext, fillCell, PHONE, screenshot } from '../../support/e2e/browser.js';
import { drag } from '../../support/e2e/dragAndDrop.js';
import { grantReleasedPageToStaff, openAs, releaseUnderOnlineDev, rowOf, searchTitle } from './onlineDevSteps.js';

/**
 * Issue 13's "Done when", in one Chromium story: an administrator builds a purchase form in the designer by drag
 * and drop (a sub-table with a calculated amount, a calculated total, a user picker, a dictionary select and an
 * upload), designs its list, releases it to a menu; staff given that menu create a record (sub-table rows, a
 * picked user, an uploaded file), edit, search, export and import records. The roles are granted through the
 * authorisation API (the screen for it has its own e2e test); everything else goes through the pages.
 */
async function sheetRows(file: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)))));
  return rows;
}

describe('online development, the whole story in Chromium', () => {
  const ctx = e2eContext();

  it('an administrator drags a purchase form together, designs its list and releases it; staff with the menu create, edit, search, export and import', async () => {
    const errors: string[] = [];
    const page = await openAs(ctx, 'admin', 'admin123456', '/onlineDev/webDesign', errors);
    await page.getByTestId('list-table').waitFor();

    // 新建: the basics.
    await page.locator('.lc-list-toolbar [data-action="create"], [data-action="create"]').first().click();
    const editor = page.locator('.lc-design-editor');
    const base = editor.getByTestId('editor-base');
    await base.locator('[data-field="fullName"] input').fill('耗材采购单');
    await base.locator('[data-field="enCode"] input').fill('e2eStory');
    await base.locator('[data-field="tableName"] input').fill('e2e_story');
    await editor.getByTestId('editor-next').click();

    // 表单设计, by drag and drop.
    const designer = editor.getByTestId('form-designer');
    await designer.waitFor();
    const canvas = designer.locator('.fd-canvas-form');
    const palette = (key: string) => designer.locator(`[data-palette="${key}"]`);
    const panel = designer.locator('.fd-side-right');
    const name = async (node: Locator, key: string, label: string, required = false) => {
      await node.click();
      await panel.locator('[data-prop="label"]').fill(label);
      await panel.locator('[data-prop="__vModel__"]').fill(key);
      if (required) await panel.locator('[data-prop="required"]').click();
      await designer.locator(`.fd-canvas [data-vmodel="${key}"]`).first().waitFor();
    };
    /** Drops a widget at the end of the form and names it. */
    const place = async (jnpfKey: string, key: string, label: string, required = false) => {
      const before = await designer.locator(`.fd-canvas [data-jnpf-key="${jnpfKey}"]`).count();
      await drag(page, palette(jnpfKey), canvas, 'bottom');
      await expect.poll(() => designer.locator(`.fd-canvas [data-jnpf-key="${jnpfKey}"]`).count()).toBe(before + 1);
      await name(designer.locator(`.fd-canvas [data-jnpf-key="${jnpfKey}"]`).nth(before), key, label, required);
    };

    await place('comInput', 'title', '标题', true);
    await place('table', 'items', '明细');
    const table = designer.locator('.fd-canvas [data-vmodel="items"]');
    /** Drops a column widget into the sub-table and names it. */
    const column = async (jnpfKey: string, key: string, label: string, required = false) => {
      const before = await table.locator(`[data-jnpf-key="${jnpfKey}"]`).count();
      await drag(page, palette(jnpfKey), table.locator('.fd-list').first(), 'bottom');
      await expect.poll(() => table.locator(`[data-jnpf-key="${jnpfKey}"]`).count()).toBe(before + 1);
      await name(table.locator(`[data-jnpf-key="${jnpfKey}"]`).nth(before), key, label, required);
    };
    await column('comInput', 'material', '物料', true);
    await column('numInput', 'price', '单价');
    await column('numInput', 'qty', '数量');
    await column('calculate', 'amount', '金额');
    await panel.locator('[data-prop="expression"]').fill('items.price * items.qty');
    await place('calculate', 'total', '合计');
    await panel.locator('[data-prop="expression"]').fill('items.amount');
    await place('userSelect', 'buyer', '采购人');
    await place('select', 'bizType', '业务分类');
    // The option source is a prop of the widget's schema, drawn by rjsf (a chunk of its own, loaded on first use).
    await panel.locator('.fd-rjsf #root_dataType').waitFor({ timeout: 60_000 });
    await panel.locator('.fd-rjsf #root_dataType').click({ force: true });
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="dictionary"]').click();
    await panel.locator('.fd-rjsf #root_dictionaryType').fill('businessType');
    await place('uploadFz', 'files', '附件');
    expect(await designer.locator('.fd-canvas .fd-problem').count()).toBe(0);
    await screenshot(page, 'onlineDev-story-designer-desktop');

    // 列表设计.
    await editor.getByTestId('editor-next').click();
    const lists = editor.getByTestId('list-designer');
    await lists.waitFor();
    for (const prop of ['title', 'total', 'buyer', 'bizType']) await lists.getByTestId(`as-column-${prop}`).click();
    await lists.getByTestId('as-search-title').click();
    for (const button of ['download', 'upload']) await lists.getByTestId(`button-${button}`).click();
    expect(await lists.getByTestId('list-problems').count()).toBe(0);
    await editor.getByTestId('editor-save').click();
    await page.locator('.ant-message-notice').first().waitFor();
    expect(await editor.getByTestId('editor-problems').count()).toBe(0);
    await editor.getByTestId('editor-close').click();
    await editor.waitFor({ state: 'detached' });

    // 发布 under 在线开发.
    await rowOf(page, '耗材采购单').waitFor();
    await releaseUnderOnlineDev(page, '耗材采购单');

    // The staff role gets the released page, its directory and its buttons.
    expect((await grantReleasedPageToStaff(ctx, 'e2eStory')).buttons).toBeGreaterThanOrEqual(4);

    // Staff: 新增 with two sub-table rows, a picked user, a dictionary value and a file.
    const staff = await openAs(ctx, 'staff', 'demo123456', '/e2eStory', errors);
    const list = staff.getByTestId('online-list');
    await list.waitFor();
    await list.getByRole('button', { name: /新\s?增/ }).click();
    const dialog = staff.locator('.lc-form-dialog');
    await dialog.locator('[data-field="title"] input').first().fill('试剂耗材补货');
    const items = dialog.locator('[data-field="items"]').first();
    for (const [index, row] of [['试管', '2.5', '4'], ['移液枪头', '30', '2']].entries()) {
      await items.getByRole('button', { name: /添\s?加/ }).click();
      await fillCell(items, `${index}.material`, row[0]!);
      await fillCell(items, `${index}.price`, row[1]!);
      await fillCell(items, `${index}.qty`, row[2]!);
    }
    // 10 + 60: the total follows the rows as they are typed.
    // A calculated field shows its result as text (an output element).
    await expect.poll(() => dialog.locator('[data-field="total"] output').first().textContent()).toContain('70');

    await dialog.locator('[data-field="buyer"] [data-picker-field] .ant-select-selector').click();
    const picker = staff.locator('.ant-modal.jnpf-picker-dialog');
    await picker.getByPlaceholder('请输入关键词查询').fill('王小明');
    await picker.getByPlaceholder('请输入关键词查询').press('Enter');
    await picker.getByTestId('picker-list').getByText('王小明/staff', { exact: true }).click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden' });

    await dialog.locator('[data-field="bizType"] .ant-select-selector').click();
    const option = staff.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
    const bizLabel = (await option.textContent()) ?? '';
    await option.click();

    await dialog.locator('[data-field="files"]').getByTestId('upload-input').setInputFiles({ name: 'quote.txt', mimeType: 'text/plain', buffer: Buffer.from('报价单：试管 2.5 元') });
    await dialog.locator('[data-field="files"]').getByTestId('upload-file').filter({ hasText: 'quote.txt' }).waitFor({ timeout: 30_000 });
    await screenshot(staff, 'onlineDev-story-create-desktop');
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await rowOf(staff, '试剂耗材补货').waitFor();
    const created = (await rowOf(staff, '试剂耗材补货').textContent()) ?? '';
    expect(created).toContain('70');
    expect(created).toContain('王小明');
    if (bizLabel) expect(created).toContain(bizLabel);

    // 编辑: the record comes back whole (rows, file); a new title is saved.
    await rowOf(staff, '试剂耗材补货').locator('[data-action="edit"]').click();
    await expect.poll(() => dialog.locator('[data-field="items"] .jnpf-subtable').first().getAttribute('data-rows')).toBe('2');
    await dialog.locator('[data-field="files"]').getByTestId('upload-file').filter({ hasText: 'quote.txt' }).waitFor();
    await dialog.locator('[data-field="title"] input').first().fill('试剂耗材补货（改）');
    const [saved] = await Promise.all([staff.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/visualdev/OnlineDev/')), dialog.getByRole('button', { name: /确\s?定/ }).click()]);
    const savedBody = await saved.json();
    await screenshot(staff, 'onlineDev-story-edit-desktop');
    expect(savedBody.code, `${savedBody.msg} ${saved.request().postData()}`).toBe(200);
    await rowOf(staff, '试剂耗材补货（改）').waitFor();
    await screenshot(staff, 'onlineDev-story-list-desktop');

    // 查询.
    await searchTitle(list, '没有这张单');
    await expect.poll(() => rowOf(staff, '试剂耗材补货').count()).toBe(0);
    await searchTitle(list, '');
    await rowOf(staff, '试剂耗材补货（改）').waitFor();

    // 导出: the workbook holds the record.
    const [download] = await Promise.all([staff.waitForEvent('download'), list.getByRole('button', { name: /导\s?出/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect((await sheetRows(await download.path())).map((r) => r.join('|')).join('\n')).toContain('试剂耗材补货（改）');

    // 导入: the template's header, one row written under it, three steps.
    await list.locator('[data-action="upload"]').click();
    const importer = staff.getByTestId('import-dialog');
    await importer.waitFor();
    const [template] = await Promise.all([staff.waitForEvent('download'), staff.getByTestId('import-template').click()]);
    const header = (await sheetRows(await template.path()))[0]!;
    expect(header).toContain('标题');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('导入');
    sheet.addRow(header);
    sheet.addRow(header.map((title) => (title === '标题' ? '批量导入的单子' : '')));
    await staff.locator('.lc-import-dialog input[type=file]').setInputFiles({ name: 'purchases.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await book.xlsx.writeBuffer()) });
    await staff.getByTestId('import-file').getByText('purchases.xlsx').waitFor();
    await staff.getByTestId('import-next').click();
    await expect.poll(() => importer.getAttribute('data-step')).toBe('2');
    await staff.getByTestId('import-run').click();
    const result = staff.getByTestId('import-result');
    await result.waitFor();
    expect(await result.getAttribute('data-success')).toBe('1');
    await staff.getByTestId('import-close').click();
    await rowOf(staff, '批量导入的单子').waitFor();

    const phone = await openAs(ctx, 'staff', 'demo123456', '/e2eStory', errors, PHONE);
    await rowOf(phone, '试剂耗材补货（改）').waitFor();
    await screenshot(phone, 'onlineDev-story-list-phone');
    expect(errors).toEqual([]);
  });
});
