import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eContext, PHONE, screenshot } from '../../support/e2e/browser.js';
import { adminApi, grantReleasedPageToStaff, openAs, releaseUnderOnlineDev, rowOf, searchTitle } from './onlineDevSteps.js';
import { purchaseForm } from '../../onlineData/api/onlineDataDesign.js';

/**
 * Online development in Chromium: the administrator brings a purchase design in through 功能设计 (a sub-table with a
 * calculated amount, a calculated total, a user picker, a dictionary select and an upload), designs its list in
 * the full-screen editor, releases it under 在线开发, and staff given the menu add, edit, search and export
 * records on the page the release made; a material picked from a data interface (past its first page) shows its
 * name in the list, and the advanced query (高级查询) finds records by conditions.
 */
/** 30 materials in a static data interface: the record refers to m27, past a popup's first page of 20. */
const materials = Array.from({ length: 30 }, (_, i) => ({ id: `m${String(i + 1).padStart(2, '0')}`, fullName: `无水乙醇-${String(i + 1).padStart(2, '0')}` }));

const designFile = (interfaceId: string) => ({
  fullName: '试剂采购单',
  enCode: 'e2ePurchase',
  type: 1,
  webType: 2,
  formData: JSON.stringify({
    ...purchaseForm,
    fields: [
      ...purchaseForm.fields,
      { __config__: { jnpfKey: 'select', label: '业务分类', dataType: 'dictionary', dictionaryType: 'businessType', props: { label: 'fullName', value: 'id' } }, __vModel__: 'bizType', clearable: true },
      { __config__: { jnpfKey: 'uploadFz', label: '附件' }, __vModel__: 'files' },
      { __config__: { jnpfKey: 'popupSelect', label: '物料' }, __vModel__: 'material', interfaceId, propsValue: 'id', relationField: 'fullName' },
    ],
  }),
  columnData: JSON.stringify({ type: 1, columnList: [], searchList: [], btnsList: [{ value: 'add', label: '新增' }], columnBtnsList: [{ value: 'edit', label: '编辑' }], hasPage: true, pageSize: 20, sort: 'desc' }),
  tables: JSON.stringify([{ table: 'e2e_purchase', typeId: '1' }]),
});

/** In the open 高级查询 dialog: title contains 乙醇, budget at most 100; the dropdowns closed and the dialog still. */
async function fillSuperQuery(page: Page): Promise<void> {
  const query = page.getByTestId('super-query-dialog');
  await query.waitFor();
  const choose = async (testId: string, option: string) => {
    await query.getByTestId(testId).locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
  };
  await choose('super-query-field-0', '标题');
  await choose('super-query-symbol-0', '包含');
  await query.getByTestId('super-query-value-0').locator('input').fill('乙醇');
  await query.getByTestId('super-query-add').click();
  await choose('super-query-field-1', '预算');
  await choose('super-query-symbol-1', '小于等于');
  await query.getByTestId('super-query-value-1').locator('input').fill('100');
  // The dialog's opening animation (antd's zoom classes) is over.
  await expect.poll(() => page.locator('.ant-modal[class*="zoom"]').count()).toBe(0);
}

describe('online development, in Chromium', () => {
  const ctx = e2eContext();

  it('an administrator imports, designs the list of and releases a purchase form; the list, editor and runtime render on desktop and phone', async () => {
    const call = await adminApi(ctx);
    const materialSource = await call('POST', '/system/DataInterface', { fullName: '物料清单', enCode: 'e2eMaterials', type: 2, dataConfigJson: JSON.stringify({ staticData: JSON.stringify(materials) }) });
    expect(materialSource.code, materialSource.msg).toBe(200);
    const errors: string[] = [];
    const page = await openAs(ctx, 'admin', 'admin123456', '/onlineDev/webDesign', errors);
    await page.getByTestId('list-table').waitFor();

    // 导入: the design file goes in through the screen's upload button.
    await page.getByTestId('list-upload').setInputFiles({ name: 'purchase.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(designFile(materialSource.data.id))) });
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
    for (const prop of ['title', 'kind', 'material', 'budget', 'buyer', 'total']) await designer.getByTestId(`as-column-${prop}`).click();
    for (const prop of ['title', 'budget']) await designer.getByTestId(`as-search-${prop}`).click();
    await designer.getByTestId('column-sortable-budget').click();
    for (const button of ['download', 'upload', 'batchRemove', 'remove', 'detail']) await designer.getByTestId(`button-${button}`).click();
    expect(await designer.getByTestId('list-problems').count()).toBe(0);
    await screenshot(page, 'onlineDev-editor-list-desktop');

    // The tab is lost before saving (a reload here): opened again, the design offers the unsaved work back.
    const draftColumns = () => page.evaluate(() => {
      const text = Object.entries(window.localStorage).find(([key]) => key.startsWith('labcode_designDraft.'))?.[1];
      return text ? (JSON.parse(text) as { columnData: { columnList: unknown[] } }).columnData.columnList.length : 0;
    });
    await expect.poll(draftColumns).toBe(6);
    await page.reload();
    await rowOf(page, '试剂采购单').locator('[data-action="design"]').click();
    const offer = page.locator('.ant-modal-confirm').filter({ hasText: '未保存的设计草稿' });
    await offer.waitFor();
    await screenshot(page, 'onlineDev-editor-draft-offer-desktop');
    await offer.getByRole('button', { name: /恢\s*复/ }).click();
    await editor.getByTestId('editor-base').locator('[data-field="fullName"] input').waitFor();
    await editor.getByTestId('editor-next').click();
    await editor.getByTestId('editor-next').click();
    // The budget column, chosen before the reload, is back with its sort switch.
    await designer.getByTestId('column-sortable-budget').waitFor();
    await editor.getByTestId('editor-save').click();
    await page.locator('.ant-message-notice').first().waitFor();
    // Saved: nothing is kept to offer again.
    await expect.poll(draftColumns).toBe(0);
    await editor.getByTestId('editor-close').click();
    await editor.waitFor({ state: 'detached' });

    // 发布: under 在线开发.
    await releaseUnderOnlineDev(page, '试剂采购单');

    // The phone's view of the admin list.
    const phone = await openAs(ctx, 'admin', 'admin123456', '/onlineDev/webDesign', errors, PHONE);
    await rowOf(phone, '试剂采购单').waitFor();
    await screenshot(phone, 'onlineDev-admin-list-phone');
    await phone.close();
    expect(errors).toEqual([]);
  });

  it('staff given the released menu add, edit, search and export records', async () => {
    // The administrator hands the released page, its directory and its buttons to the staff role.
    const { designId, buttons } = await grantReleasedPageToStaff(ctx, 'e2ePurchase');
    expect(buttons).toBeGreaterThan(0);
    const errors: string[] = [];
    // The release made a page whose address is the design's code, under 在线开发.
    const page = await openAs(ctx, 'staff', 'demo123456', '/e2ePurchase', errors);
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
    await searchTitle(list, '不存在的单子');
    await expect.poll(async () => rowOf(page, '乙醇采购').count()).toBe(0);
    await searchTitle(list, '乙醇');
    await rowOf(page, '乙醇采购（改）').waitFor();

    // 导出: an .xlsx of the records.
    const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: /导\s?出/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    // A record whose material is m27 (saved through the API by the administrator): the list shows its name.
    const api = await adminApi(ctx);
    const stored = await api('POST', `/visualdev/OnlineDev/${designId}`, { data: JSON.stringify({ title: '无水乙醇补货', code: 'AB124', kind: 'reagent', budget: 80, items: [], total: 0, material: 'm27' }) });
    expect(stored.code, stored.msg).toBe(200);
    await searchTitle(list, '');
    await rowOf(page, '无水乙醇补货').waitFor();
    expect(await rowOf(page, '无水乙醇补货').textContent()).toContain('无水乙醇-27');
    await screenshot(page, 'onlinedev-superquery-list-desktop');

    // 高级查询: title contains 乙醇 and budget at most 100 finds the new record only.
    await list.getByRole('button', { name: '高级查询' }).click();
    await fillSuperQuery(page);
    await screenshot(page, 'onlinedev-superquery-dialog-desktop');
    await page.getByTestId('super-query-run').click();
    await expect.poll(async () => rowOf(page, '乙醇采购（改）').count()).toBe(0);
    await rowOf(page, '无水乙醇补货').waitFor();
    expect(await list.getByRole('button', { name: '高级查询 (2)' }).count()).toBe(1);

    const phone = await openAs(ctx, 'staff', 'demo123456', '/e2ePurchase', errors, PHONE);
    await rowOf(phone, '无水乙醇补货').waitFor();
    await screenshot(phone, 'onlineDev-runtime-list-phone');
    await screenshot(phone, 'onlinedev-superquery-list-phone');
    await phone.getByTestId('online-list').getByRole('button', { name: '高级查询' }).click();
    await fillSuperQuery(phone);
    await screenshot(phone, 'onlinedev-superquery-dialog-phone');
    expect(errors).toEqual([]);
  });
});
