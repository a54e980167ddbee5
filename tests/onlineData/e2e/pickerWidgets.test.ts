import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiSignIn, DESKTOP, e2eContext, expectNoHorizontalScroll, newPage, PHONE, screenshot, signIn } from '../../support/e2e/browser.js';

/**
 * The dictionary picker, the bill-rule template picker and the relation form attribute on a released design's form
 * dialog, opened from its menu as staff and administrators open it (spec 001 §2): pick a dictionary value, add one
 * through 添加 (数据字典 in an 80% dialog) and pick it at once, choose a template in the 模板 dialog by category and
 * keyword, pick a related sample and watch its attribute (the sample's state) follow the pick, save, and read the names in the list.
 * Pictures: test-results/screenshots/picker-widgets-*.png (SCREENSHOTS=1).
 */
const OK = /确\s*定/;
const rowOf = (page: Page, text: string) => page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });
const shot = (page: Page, name: string) => screenshot(page, `picker-widgets-${name}`);

const form = (demoDesignId: string) => ({
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '名称', required: true }, __vModel__: 'title' },
    { __config__: { jnpfKey: 'dicSelect', label: '试剂等级', dictionaryType: 'reagentGrade' }, __vModel__: 'grade' },
    { __config__: { jnpfKey: 'billRuleSelect', label: '编号模板' }, __vModel__: 'template' },
    { __config__: { jnpfKey: 'relationForm', label: '关联样品' }, __vModel__: 'sample', modelId: demoDesignId, relationField: 'sampleName', columnOptions: [{ value: 'sampleName', label: '样品名称' }, { value: 'quantity', label: '样品数量' }] },
    { __config__: { jnpfKey: 'relationFormAttr', label: '样品状态' }, relationField: 'sample', showField: 'sampleState' },
    {
      __config__: {
        jnpfKey: 'table',
        label: '复检样品',
        tableName: 'recheck',
        children: [
          { __config__: { jnpfKey: 'relationForm', label: '样品' }, __vModel__: 'lineSample', modelId: demoDesignId, relationField: 'sampleName', columnOptions: [{ value: 'sampleName', label: '样品名称' }] },
          { __config__: { jnpfKey: 'relationFormAttr', label: '状态' }, __vModel__: 'lineState', relationField: 'lineSample', showField: 'sampleState' },
        ],
      },
      __vModel__: 'rechecks',
    },
  ],
});
const list = { type: 1, searchList: [], columnList: ['title', 'grade', 'template', 'sample'].map((prop) => ({ prop, label: prop })), btnsList: [{ value: 'add' }], columnBtnsList: [{ value: 'edit' }], hasPage: true, pageSize: 20 };

async function treeOption(page: Page, field: Locator, title: string): Promise<void> {
  await field.locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: title }).first().click();
}

describe('picker widgets on a released form, in Chromium', () => {
  const ctx = e2eContext();

  it('picks a dictionary value (one added through 添加 too), a bill template and a related sample whose attribute follows', async () => {
    const token = await apiSignIn(ctx, 'admin', 'admin123456');
    const call = async (method: string, url: string, body?: unknown) =>
      (await fetch(`${ctx.server.url}/api${url}`, { method, headers: { authorization: token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json();
    const demo = await call('GET', '/visualdev/Base?keyword=demoForm&currentPage=1&pageSize=20');
    const demoDesignId = demo.data.list.find((design: { enCode: string }) => design.enCode === 'demoForm').id;
    const created = await call('POST', '/visualdev/Base', { fullName: '试剂入库', enCode: 'e2ePickerWidgets', category: 'lab', webType: 2, formData: JSON.stringify(form(demoDesignId)), columnData: JSON.stringify(list), tables: '[]' });
    expect(created.code, created.msg).toBe(200);
    const released = await call('POST', `/visualdev/Base/${created.data.id}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 });
    expect(released.code, released.msg).toBe(200);

    const page = await newPage(ctx, DESKTOP);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'admin', 'admin123456', '/e2ePickerWidgets');
    await page.getByTestId('list-table').waitFor();
    await page.getByRole('button', { name: /新\s?增/ }).click();
    const dialog = page.locator('.lc-form-dialog').first();
    await dialog.locator('[data-field="title"] input').fill('无水乙醇');

    // The dictionary picker: the category's entries as a tree.
    const grade = dialog.locator('[data-field="grade"]');
    await treeOption(page, grade, '分析纯');
    await expect.poll(() => grade.locator('.ant-select-selection-item').textContent()).toBe('分析纯');

    // 添加: 数据字典 in an 80% dialog; an entry added there can be picked once it closes.
    await grade.locator('[data-action="manage-dictionary"]').click();
    const manager = page.locator('.ant-modal').filter({ has: page.getByTestId('dictionary-categories') });
    await manager.getByTestId('dictionary-categories').getByText('试剂等级', { exact: true }).click();
    expect((await manager.locator('.ant-modal-content').boundingBox())!.width).toBeCloseTo(DESKTOP.width * 0.8, -1);
    await shot(page, 'dictionary-manager-desktop');
    await manager.locator('[data-action="add"]').first().click();
    const entryDialog = page.locator('.lc-form-dialog .ant-modal-content').last();
    await entryDialog.locator('[data-field="fullName"] input').fill('超纯级');
    await entryDialog.locator('[data-field="enCode"] input').fill('UP');
    await entryDialog.getByRole('button', { name: OK }).click();
    await manager.getByTestId('list-table').locator('tr.ant-table-row', { hasText: '超纯级' }).waitFor();
    await manager.locator('.ant-modal-close').first().click();
    await manager.waitFor({ state: 'hidden' });
    await treeOption(page, grade, '超纯级');
    await expect.poll(() => grade.locator('.ant-select-selection-item').textContent()).toBe('超纯级');

    // The template picker: the 模板 dialog, narrowed by business category and keyword.
    await dialog.locator('[data-field="template"] [data-picker-field] .ant-select-selector').click();
    const templates = page.locator('.ant-modal.jnpf-picker-dialog').filter({ hasText: '业务分类' });
    await templates.waitFor();
    expect((await templates.locator('.ant-modal-content').boundingBox())!.width).toBeCloseTo(1000, -1);
    await templates.locator('tr.ant-table-row', { hasText: 'MatApply' }).waitFor();
    await templates.getByText('检测分析', { exact: true }).click();
    await expect.poll(() => templates.locator('tr.ant-table-row').count()).toBe(1);
    await templates.getByText('业务分类', { exact: true }).click();
    await templates.getByTestId('picker-search').fill('采购');
    await templates.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => templates.locator('tr.ant-table-row').allTextContents()).toEqual([expect.stringContaining('PurchaseOrder')]);
    await shot(page, 'templates-desktop');
    await templates.locator('tr.ant-table-row', { hasText: 'PurchaseOrder' }).click();
    await templates.getByRole('button', { name: OK }).click();
    await templates.waitFor({ state: 'hidden' });
    await expect.poll(() => dialog.locator('[data-field="template"]').textContent()).toContain('采购订单');

    // The relation form and its attribute: the attribute shows the picked sample's remark, and follows a new pick.
    // The form's own attribute (the sub-table below has one of the same field).
    const attribute = dialog.locator('[data-attribute="sampleState"]').first();
    expect(await attribute.inputValue()).toBe('');
    const pickSample = async (name: string) => {
      await dialog.locator('[data-field="sample"] [data-picker-field] .ant-select-selector').click();
      const samples = page.locator('.ant-modal.jnpf-picker-dialog').filter({ hasText: '样品名称' });
      await samples.locator('tr.ant-table-row', { hasText: name }).click();
      await samples.getByRole('button', { name: OK }).click();
      await samples.waitFor({ state: 'hidden' });
    };
    // The record's display value (the option's label), as the record viewer shows it.
    await pickSample('自来水水样（A 区）');
    await expect.poll(() => attribute.inputValue()).toBe('液体');
    await pickSample('土壤样品 S-07');
    await expect.poll(() => attribute.inputValue()).toBe('固体');
    // In a sub-table, the attribute cell follows the pick of its own row.
    const rechecks = dialog.locator('[data-field="rechecks"]').first();
    await rechecks.getByRole('button', { name: /添加/ }).click();
    await rechecks.locator('[data-cell="0.lineSample"] [data-picker-field] .ant-select-selector').click();
    const lineSamples = page.locator('.ant-modal.jnpf-picker-dialog').filter({ hasText: '样品名称' });
    await lineSamples.locator('tr.ant-table-row', { hasText: '自来水水样（A 区）' }).click();
    await lineSamples.getByRole('button', { name: OK }).click();
    await lineSamples.waitFor({ state: 'hidden' });
    await expect.poll(() => rechecks.locator('[data-cell="0.lineState"]').textContent()).toContain('液体');
    await shot(page, 'form-desktop');

    const [saved] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/visualdev\/OnlineDev\/[^/]+$/.test(new URL(r.url()).pathname)), dialog.getByRole('button', { name: OK }).click()]);
    expect((await saved.json()).code).toBe(200);
    const row = rowOf(page, '无水乙醇');
    await row.waitFor();
    expect(await row.innerText()).toMatch(/超纯级[\s\S]*采购订单[\s\S]*土壤样品 S-07/);

    // Opened again for an edit, the stored values show their names and the attribute its record's field.
    await row.locator('[data-action="edit"]').click();
    await expect.poll(() => dialog.locator('[data-field="grade"] .ant-select-selection-item').textContent()).toBe('超纯级');
    await expect.poll(() => attribute.inputValue()).toBe('固体');
    expect(errors).toEqual([]);
  });

  it('fits the template dialog and the dictionary picker on a phone', async () => {
    const page = await newPage(ctx, PHONE);
    await signIn(page, 'admin', 'admin123456', '/e2ePickerWidgets');
    await page.getByTestId('list-table').waitFor();
    await page.getByRole('button', { name: /新\s?增/ }).click();
    const dialog = page.locator('.lc-form-dialog').first();
    await dialog.locator('[data-field="grade"] [data-action="manage-dictionary"]').waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, 'form-phone');
    await dialog.locator('[data-field="template"] [data-picker-field] .ant-select-selector').click();
    const templates = page.locator('.ant-modal.jnpf-picker-dialog').filter({ hasText: '业务分类' });
    await templates.locator('tr.ant-table-row', { hasText: 'MatApply' }).waitFor();
    const box = (await templates.locator('.ant-modal-content').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'templates-phone');
  });
});
