import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, e2eContext, newPage, PHONE, screenshot, signInThroughPage } from './browser.js';
import { purchaseForm } from '../api/onlineDataDesign.js';

/**
 * Online development in Chromium: the administrator brings a purchase design in through 功能设计 (a sub-table with a
 * calculated amount, a calculated total, a user picker, a dictionary select and an upload), designs its list in
 * the full-screen editor, releases it under 在线开发, and staff given the menu add, edit, search and export
 * records on the page the release made.
 */
const form = {
  ...purchaseForm,
  fields: [
    ...purchaseForm.fields,
    { __config__: { jnpfKey: 'select', label: '业务分类', dataType: 'dictionary', dictionaryType: 'businessType', props: { label: 'fullName', value: 'id' } }, __vModel__: 'bizType', clearable: true },
    { __config__: { jnpfKey: 'uploadFz', label: '附件' }, __vModel__: 'files' },
  ],
};
const designFile = {
  fullName: '试剂采购单',
  enCode: 'e2ePurchase',
  type: 1,
  webType: 2,
  formData: JSON.stringify(form),
  columnData: JSON.stringify({ type: 1, columnList: [], searchList: [], btnsList: [{ value: 'add', label: '新增' }], columnBtnsList: [{ value: 'edit', label: '编辑' }], hasPage: true, pageSize: 20, sort: 'desc' }),
  tables: JSON.stringify([{ table: 'e2e_purchase', typeId: '1' }]),
};

const rowOf = (page: Page, text: string) => page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });

describe('online development, in Chromium', () => {
  const ctx = e2eContext();

  it('an administrator imports, designs the list of and releases a purchase form; the list, editor and runtime render on desktop and phone', async () => {
    const page = await newPage(ctx);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughPage(page, 'admin', 'admin123456');
    await page.waitForURL(/\/home$/);
    await page.goto('/onlineDev/webDesign');
    await page.getByTestId('list-table').waitFor();

    // 导入: the design file goes in through the screen's upload button.
    await page.getByTestId('list-upload').setInputFiles({ name: 'purchase.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(designFile)) });
    await rowOf(page, '试剂采购单').waitFor();
    expect(await rowOf(page, '试剂采购单').textContent()).toContain('未发布');
    await screenshot(page, 'onlineDev-admin-list-desktop');

    // 编辑: the full-screen editor, basics filled from the design; on to the list designer.
    await rowOf(page, '试剂采购单').locator('[data-action="design"]').click();
    const editor = page.locator('.lc-design-editor');
    await editor.getByTestId('editor-base').locator('[data-field="fullName"] input').waitFor();
    expect(await editor.locator('[data-field="enCode"] input').inputValue()).toBe('e2ePurchase');
    expect(await editor.locator('[data-field="tableName"] input').inputValue()).toBe('e2e_purchase');
    await editor.getByTestId('editor-next').click();
    await editor.getByTestId('form-designer').waitFor();
    await screenshot(page, 'onlineDev-editor-form-desktop');
    await editor.getByTestId('editor-next').click();
    const designer = editor.getByTestId('list-designer');
    await designer.waitFor();
    for (const prop of ['title', 'kind', 'budget', 'buyer', 'total']) await designer.getByTestId(`as-column-${prop}`).click();
    for (const prop of ['title', 'budget']) await designer.getByTestId(`as-search-${prop}`).click();
    await designer.getByTestId('column-sortable-budget').click();
    for (const button of ['download', 'upload', 'batchRemove', 'remove', 'detail']) await designer.getByTestId(`button-${button}`).click();
    expect(await designer.getByTestId('list-problems').count()).toBe(0);
    await screenshot(page, 'onlineDev-editor-list-desktop');
    await editor.getByTestId('editor-save').click();
    await page.locator('.ant-message-notice').first().waitFor();
    await editor.getByTestId('editor-close').click();
    await editor.waitFor({ state: 'detached' });

    // 发布: under 在线开发.
    await rowOf(page, '试剂采购单').locator('[data-action="release"]').click();
    const release = page.locator('.ant-modal', { hasText: '发布菜单' });
    await release.getByTestId('release-parent').click();
    await page.locator('.ant-select-tree-title', { hasText: '在线开发' }).first().click();
    await release.getByRole('button', { name: /确\s?定/ }).click();
    await expect.poll(async () => rowOf(page, '试剂采购单').textContent()).toContain('已发布');

    // The phone's view of the admin list.
    const phone = await newPage(ctx, PHONE);
    await signInThroughPage(phone, 'admin', 'admin123456');
    await phone.waitForURL(/\/home$/);
    await phone.goto('/onlineDev/webDesign');
    await rowOf(phone, '试剂采购单').waitFor();
    await screenshot(phone, 'onlineDev-admin-list-phone');
    await phone.close();
    expect(errors).toEqual([]);
  });

  it('staff given the released menu add, edit, search and export records', async () => {
    // The administrator hands the released page, its directory and its buttons to the staff role.
    const token = await apiSignIn(ctx, 'admin', 'admin123456');
    const call = async (method: string, url: string, body?: unknown) => (await (await fetch(`${ctx.server.url}/api${url}`, { method, headers: { authorization: token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as { code: number; msg: string; data: any };
    const designs = await call('GET', '/visualdev/Base?keyword=e2ePurchase');
    const designId = designs.data.list[0].id as string;
    const menuId = `visualdev-${designId}`;
    const values = await call('GET', `/permission/Authority/Data/role-staff/Values?type=button&objectType=Role&moduleIds=${menuId}`);
    const buttonIds = ((values.data?.all ?? []) as string[]).filter((id) => id !== menuId && id !== 'menu-onlineDev');
    expect(buttonIds.length, JSON.stringify(values)).toBeGreaterThan(0);
    for (const item of ['menu-onlineDev', menuId, ...buttonIds]) {
      const holders = await call('GET', `/permission/Authority/Model/${item}/Role`);
      const saved = await call('PUT', `/permission/Authority/Model/${item}`, { objectType: 'Role', objectId: [...new Set([...(holders.data?.ids ?? []), 'role-staff'])] });
      expect(saved.code, `${item}: ${saved.msg}`).toBe(200);
    }

    const page = await newPage(ctx);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughPage(page, 'staff', 'demo123456');
    await page.waitForURL(/\/home$/);
    // The release made a page whose address is the design's code, under 在线开发.
    await page.goto('/e2ePurchase');
    const list = page.getByTestId('online-list');
    await list.waitFor();

    // 新增: a record with two sub-table rows; the server numbers and totals it.
    await list.getByRole('button', { name: /新\s?增/ }).click();
    const dialog = page.locator('.lc-form-dialog');
    await dialog.locator('[data-field="title"] input').fill('乙醇采购');
    await dialog.locator('[data-field="budget"] input').fill('500');
    await screenshot(page, 'onlineDev-runtime-dialog-desktop');
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await rowOf(page, '乙醇采购').waitFor();
    await screenshot(page, 'onlineDev-runtime-list-desktop');

    // 编辑 it, then search for it.
    await rowOf(page, '乙醇采购').locator('[data-action="edit"]').click();
    await dialog.locator('[data-field="title"] input').fill('乙醇采购（改）');
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await rowOf(page, '乙醇采购（改）').waitFor();
    await list.locator('.lc-list-search [data-field="title"] input').fill('不存在的单子');
    await list.getByTestId('list-search').click();
    await expect.poll(async () => rowOf(page, '乙醇采购').count()).toBe(0);
    await list.locator('.lc-list-search [data-field="title"] input').fill('乙醇');
    await list.getByTestId('list-search').click();
    await rowOf(page, '乙醇采购（改）').waitFor();

    // 导出: an .xlsx of the records.
    const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: /导\s?出/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    const phone = await newPage(ctx, PHONE);
    await signInThroughPage(phone, 'staff', 'demo123456');
    await phone.waitForURL(/\/home$/);
    await phone.goto(new URL(page.url()).pathname);
    await rowOf(phone, '乙醇采购（改）').waitFor();
    await screenshot(phone, 'onlineDev-runtime-list-phone');
    expect(errors).toEqual([]);
  });
});
