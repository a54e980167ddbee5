import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from '../../support/serverProcess.js';
import { DESKTOP, PHONE, e2eContext, newPage, screenshot, signIn } from '../../support/e2e/browser.js';

/**
 * The pickers of spec 001 §2 in Chromium, on the function preview with fixture forms and the demo organisation:
 * each field opens its dialog, a pick lands in 已选, confirming stores JNPF's shape, the field and the detail
 * view show labels. Pictures at 1440×900 and 390×844: test-results/screenshots/pickers-*.png (SCREENSHOTS=1).
 */
const fixture = (name: string) => fs.readFileSync(path.join(ROOT, 'fixtures', name), 'utf8');

/** A form of our own for what no fixture holds: multi-mode group, organisation and multi-tab pickers, an approver picker. */
const EXTRA_FORM = JSON.stringify({
  labelPosition: 'top',
  fields: [
    { __config__: { jnpfKey: 'groupSelect', label: '分组', span: 24 }, __vModel__: 'groups', multiple: true },
    { __config__: { jnpfKey: 'userSelect', label: '审批人', span: 12 }, __vModel__: 'approver', approver: true },
    { __config__: { jnpfKey: 'comSelect', label: '参与组织', span: 12 }, __vModel__: 'organizations', multiple: true },
    { __config__: { jnpfKey: 'usersSelect', label: '知会范围', span: 24 }, __vModel__: 'watchers', multiple: true },
  ],
});

/** Once the dialog's opening animation and a pick's highlight have ended. */
const shot = (page: Page, name: string) => screenshot(page, `pickers-${name}`);

async function openPreview(page: Page, definition: string): Promise<void> {
  await page.goto('/previewModel');
  await page.getByTestId('preview-source').fill(definition);
  await page.getByTestId('preview-render').click();
}

const values = async (page: Page) => JSON.parse((await page.getByTestId('preview-values').textContent()) ?? '{}') as Record<string, unknown>;
const valueOf = (page: Page, key: string) => async () => (await values(page))[key];

async function openPicker(page: Page, key: string, title: string): Promise<Locator> {
  await page.locator(`[data-field="${key}"] [data-picker-field] .ant-select-selector`).click();
  const dialog = page.locator('.ant-modal.jnpf-picker-dialog').filter({ hasText: title });
  await dialog.waitFor();
  return dialog;
}
const node = (dialog: Locator, id: string) => dialog.locator(`[data-node="${id}"]`);
const picked = (dialog: Locator) => dialog.getByTestId('picker-selected');
const confirm = async (dialog: Locator) => {
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
};

describe('the pickers in Chromium', () => {
  const ctx = e2eContext();

  it('picks an organisation, a department, a position, a user and a region on a fixture form, and shows their labels', async () => {
    const page = await newPage(ctx, DESKTOP);
    await signIn(page, 'admin', 'admin123456');
    await openPreview(page, fixture('jnpf/all-widgets-mobile.form.json'));
    await page.locator('[data-field="comSelectField113"] [data-picker-field]').waitFor();

    // Organisation: the tree and 已选; the value is the id path.
    let dialog = await openPicker(page, 'comSelectField113', '选择组织');
    await node(dialog, 'dept-research').click();
    await picked(dialog).getByText('示例检测科技有限公司/研发中心').waitFor();
    await shot(page, 'organize-desktop');
    await confirm(dialog);
    await expect.poll(valueOf(page, 'comSelectField113')).toEqual(['org-company', 'dept-research']);
    expect(await page.locator('[data-field="comSelectField113"]').textContent()).toContain('示例检测科技有限公司/研发中心');

    // Department: a company is not a department; the value is the id.
    dialog = await openPicker(page, 'depSelectField114', '选择部门');
    await node(dialog, 'org-company').click();
    await node(dialog, 'dept-chromatography').click();
    await picked(dialog).getByText('色谱组').waitFor();
    await confirm(dialog);
    await expect.poll(valueOf(page, 'depSelectField114')).toBe('dept-chromatography');

    // Position: positions hang under their organisations.
    dialog = await openPicker(page, 'posSelectField115', '选择岗位');
    await node(dialog, 'pos-analyst').click();
    await picked(dialog).getByText('检测分析员').waitFor();
    await confirm(dialog);
    await expect.poll(valueOf(page, 'posSelectField115')).toBe('pos-analyst');

    // User: the organisation tree opens on the company; a keyword turns the pane into a search.
    dialog = await openPicker(page, 'userSelectField116', '选择用户');
    await node(dialog, 'dept-analysis').waitFor();
    await dialog.getByPlaceholder('请输入关键词查询').fill('王小明');
    await dialog.getByPlaceholder('请输入关键词查询').press('Enter');
    await dialog.getByTestId('picker-list').getByText('王小明/staff', { exact: true }).click();
    await picked(dialog).getByText('王小明/staff', { exact: true }).waitFor();
    await shot(page, 'user-desktop');
    await confirm(dialog);
    await expect.poll(valueOf(page, 'userSelectField116')).toBe('user-staff');

    // Region (level 2): provinces, then cities and districts load as they open; only a district is taken.
    dialog = await openPicker(page, 'addressField120', '省市区');
    await node(dialog, '110000').click();
    await node(dialog, '110100').click();
    expect(await picked(dialog).locator('[data-picked]').count()).toBe(0);
    await node(dialog, '110101').click();
    await picked(dialog).getByText('北京市/市辖区/东城区').waitFor();
    await shot(page, 'area-desktop');
    await confirm(dialog);
    await expect.poll(valueOf(page, 'addressField120')).toEqual(['110000', '110100', '110101']);

    await page.locator('[data-field="addressField120"]').getByText('北京市/市辖区/东城区').waitFor();
    await shot(page, 'form-desktop');

    // The detail view shows labels only, read back from the stored ids.
    await page.getByTestId('preview-view').click();
    const texts = page.locator('[data-picker-text]');
    await expect.poll(async () => (await texts.allTextContents()).join('|'), { timeout: 10_000 }).toContain('王小明');
    const shown = (await texts.allTextContents()).join('|');
    for (const label of ['示例检测科技有限公司/研发中心', '色谱组', '检测分析员', '王小明', '北京市/市辖区/东城区']) expect(shown).toContain(label);
    await shot(page, 'detail-desktop');
    await page.close();
  });

  it('picks roles by tab and entries of every kind in the multi-tab dialog', async () => {
    const page = await newPage(ctx, DESKTOP);
    await signIn(page, 'admin', 'admin123456');
    await openPreview(page, fixture('labcode/requisition-selection-v5.form.json'));

    let dialog = await openPicker(page, 'role', '选择角色');
    await dialog.getByRole('tab', { name: '组织' }).waitFor();
    await dialog.getByRole('tab', { name: '全局' }).click();
    await node(dialog, 'role-staff').click();
    await picked(dialog).getByText('普通员工').waitFor();
    await shot(page, 'role-desktop');
    await confirm(dialog);
    await expect.poll(valueOf(page, 'role')).toBe('role-staff');

    // A single-mode multi-tab field picks one user, stored as "id--user"; other kinds are not taken.
    dialog = await openPicker(page, 'ccUsers', '选择用户');
    await dialog.getByPlaceholder('请输入关键词查询').fill('张伟');
    await dialog.getByPlaceholder('请输入关键词查询').press('Enter');
    await dialog.getByTestId('picker-list').getByText('张伟/zhangwei', { exact: true }).click();
    await dialog.getByRole('tab', { name: '部门' }).click();
    await node(dialog, 'dept-quality').click();
    expect(await picked(dialog).locator('[data-picked]').count()).toBe(1);
    await shot(page, 'users-desktop');
    await confirm(dialog);
    await expect.poll(valueOf(page, 'ccUsers')).toMatch(/--user$/);
    await page.locator('[data-field="ccUsers"]').getByText('张伟').waitFor();
    await page.close();
  });

  it('picks groups in multi mode, refuses an empty approver, and fits a phone', async () => {
    const page = await newPage(ctx, PHONE);
    await signIn(page, 'admin', 'admin123456');
    await openPreview(page, EXTRA_FORM);

    let dialog = await openPicker(page, 'groups', '分组选择');
    await node(dialog, 'group-safety').click();
    await node(dialog, 'group-reagent').click();
    await node(dialog, 'group-safety').click();
    expect(await picked(dialog).locator('[data-picked]').count()).toBe(2);
    await shot(page, 'group-phone');
    await confirm(dialog);
    await expect.poll(valueOf(page, 'groups')).toEqual(['group-safety', 'group-reagent']);
    // A tag's close icon drops its entry and opens nothing.
    await page.locator('[data-field="groups"] .ant-select-selection-item').filter({ hasText: '实验室安全委员会' }).locator('.ant-select-selection-item-remove').click();
    await expect.poll(valueOf(page, 'groups')).toEqual(['group-reagent']);
    expect(await page.locator('.ant-modal.jnpf-picker-dialog').count()).toBe(0);

    dialog = await openPicker(page, 'approver', '选择用户');
    expect(await dialog.evaluate((element) => Math.round(element.getBoundingClientRect().width))).toBeLessThanOrEqual(450);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('请选择审批人').waitFor();
    await dialog.getByRole('tab', { name: '我的下属' }).click();
    await dialog.getByRole('tab', { name: '全部数据' }).click();
    await node(dialog, 'dept-it').click();
    await node(dialog, 'user-admin').click();
    await shot(page, 'user-phone');
    await confirm(dialog);
    await expect.poll(valueOf(page, 'approver')).toBe('user-admin');

    dialog = await openPicker(page, 'organizations', '选择组织');
    await node(dialog, 'dept-office').click();
    await node(dialog, 'dept-quality').click();
    await shot(page, 'organize-phone');
    await confirm(dialog);
    await expect.poll(valueOf(page, 'organizations')).toEqual([
      ['org-company', 'dept-office'],
      ['org-company', 'dept-quality'],
    ]);

    // The multi-tab dialog in multi mode: a department, a group and a user, each stored as "id--type".
    dialog = await openPicker(page, 'watchers', '选择用户');
    await dialog.getByRole('tab', { name: '部门' }).click();
    await node(dialog, 'dept-quality').click();
    await dialog.getByRole('tab', { name: '分组' }).click();
    await node(dialog, 'group-safety').click();
    await dialog.getByRole('tab', { name: '用户' }).click();
    await node(dialog, 'dept-it').click();
    await node(dialog, 'user-admin').click();
    await shot(page, 'users-phone');
    await confirm(dialog);
    await expect.poll(valueOf(page, 'watchers')).toEqual(['dept-quality--department', 'group-safety--group', 'user-admin--user']);
    await page.close();
  });
});
