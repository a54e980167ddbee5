import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, DESKTOP, expectInViewport, expectNoHorizontalScroll, newPage, screenshot, settled, signIn, e2eContext, type E2EContext } from '../../support/e2e/browser.js';

/**
 * The material requisition in Chromium as the demo staff user: the list at /bizData/bizmatapply, 新建申领 opening
 * the 900 px drawer, each spec 001 §5 message met in the spec's order while the form is filled step by step, a
 * successful submit landing on the list with the new row and the top bar's requisition badge one higher; then the
 * list and the drawer at desktop and phone sizes.
 */

async function signedIn(ctx: E2EContext, viewport = DESKTOP, account = 'staff'): Promise<Page> {
  const page = await newPage(ctx, viewport);
  await signIn(page, account, 'demo123456');
  return page;
}

const shoot = (page: Page, name: string) => screenshot(page, `requisition-${name}`);

async function requisitionBadge(page: Page): Promise<number> {
  const count = page.locator('.ant-badge', { has: page.getByTestId('requisition-icon') }).locator('.ant-scroll-number');
  if (!(await count.count())) return 0;
  const title = await count.first().getAttribute('title');
  return Number(title ?? (await count.first().innerText()));
}

/** Opens the list page: answers once its rows and the top bar's badge show what the server answered. */
async function openList(page: Page): Promise<void> {
  const listed = page.waitForResponse((response) => response.url().includes('/api/example/BizMatApply/getList'));
  const counted = page.waitForResponse((response) => response.url().includes('/api/example/BizMatApply/getApplyNum'));
  await page.goto('/bizData/bizmatapply');
  await page.locator('[data-action="createRequisition"]').waitFor();
  const list = (await (await listed).json()) as { data: { list: unknown[] } };
  await expect.poll(() => rows(page).count()).toBe(list.data.list.length);
  const applyNum = (await (await counted).json()) as { data: number };
  await expect.poll(() => requisitionBadge(page)).toBe(Number(applyNum.data));
}

/** The requisition list's rows (the list node's table). */
const rows = (page: Page) => page.getByTestId('list-table').locator('tr.ant-table-row');

async function expectMessage(page: Page, text: string): Promise<void> {
  await page.getByTestId('requisition-submit').click();
  await page.locator('.ant-message').getByText(text, { exact: true }).last().waitFor();
}

const visibleOptions = (page: Page) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');

async function clearSelect(page: Page, testId: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.hover();
  await select.locator('.ant-select-clear').click();
}

describe('the material requisition, in Chromium', () => {
  const ctx = e2eContext();

  it('meets each §5 message in order, submits, and lands on the list with the new row and the badge', async () => {
    const page = await signedIn(ctx);
    await openList(page);
    const rowsBefore = await rows(page).count();
    const badgeBefore = await requisitionBadge(page);

    await page.locator('[data-action="createRequisition"]').click();
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(900);
    // The caller is the need user by default: their department is filled once getUserById answers.
    await page.getByTestId('need-org').locator('.ant-select-selection-item').waitFor();

    await expectMessage(page, '您没有提交任何数据，请选择退库试剂或添加备库物料！');

    await page.getByTestId('spare-add').click();
    await expectMessage(page, '第1行请选择备库物料！');

    await page.getByTestId('spare-pick').click();
    const dialog = page.locator('.ant-modal:not(.jnpf-picker-dialog)');
    await dialog.locator('tr.ant-table-row').first().click();
    await dialog.waitFor({ state: 'hidden' });
    await expectMessage(page, '第1行请填写备库物料领用数量！');

    await page.locator('[data-testid="spare-count"] input, input[data-testid="spare-count"]').fill('2');
    // The demo staff user need not fill a project (fillProject 0), so the next rule is the date.
    expect(await page.getByTestId('project').count()).toBe(0);
    await expectMessage(page, '请填写需求日期！');

    await page.locator('[data-testid="need-date"] input, input[data-testid="need-date"]').click();
    await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-today').click();
    await clearSelect(page, 'need-user');
    await expectMessage(page, '请选择需求人！');

    const projects = page.waitForResponse((response) => response.url().includes('/api/permission/Users/getUserById/'));
    // The need user comes from the platform's user picker: a keyword search, the user, 确定.
    await page.getByTestId('need-user').locator('.ant-select-selector').click();
    const picker = page.locator('.ant-modal.jnpf-picker-dialog');
    await picker.getByPlaceholder('请输入关键词查询').fill('王小明');
    await picker.getByPlaceholder('请输入关键词查询').press('Enter');
    await picker.getByTestId('picker-list').getByText('王小明/staff', { exact: true }).click();
    await picker.getByTestId('picker-selected').getByText('王小明/staff', { exact: true }).waitFor();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden' });
    await projects;
    await page.getByTestId('need-org').locator('.ant-select-selection-item').waitFor();
    await clearSelect(page, 'need-org');
    await expectMessage(page, '请选择需求人所在部门！');

    await page.getByTestId('need-org').click();
    await page.keyboard.type('分析测试部');
    await visibleOptions(page).filter({ hasText: /^分析测试部$/ }).first().click();
    await expectMessage(page, '请填写配送地址！');

    await page.getByTestId('address').fill('实验楼 3 层 301 室');
    await page.getByTestId('remarks').fill('e2e 申领');
    const saved = page.waitForResponse((response) => response.url().includes('/api/example/BizMatApply/saveMatApply'));
    await page.getByTestId('requisition-submit').click();
    const body = (await (await saved).json()) as { code: number; msg: string };
    expect(body.code, body.msg).toBe(200);
    await drawer.waitFor({ state: 'hidden' });
    await page.waitForURL(/\/bizData\/bizmatapply$/);
    await expect.poll(() => rows(page).count()).toBe(rowsBefore + 1);
    await expect.poll(() => requisitionBadge(page)).toBe(badgeBefore + 1);
    await rows(page).filter({ hasText: '待审批' }).first().waitFor();
  });

  it('asks a user who must name a project for one, after the detail rows and before the need date', async () => {
    // lina must fill a project (fillProject 1 in the demo organisation); staff need not.
    const page = await signedIn(ctx, DESKTOP, 'lina');
    await openList(page);
    await page.locator('[data-action="createRequisition"]').click();
    await page.locator('.ant-drawer-content-wrapper').waitFor();
    await page.getByTestId('need-org').locator('.ant-select-selection-item').waitFor();
    await page.getByTestId('spare-add').click();
    await page.getByTestId('spare-pick').click();
    const dialog = page.locator('.ant-modal:not(.jnpf-picker-dialog)');
    await dialog.locator('tr.ant-table-row').first().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('[data-testid="spare-count"] input, input[data-testid="spare-count"]').fill('1');
    await expectMessage(page, '请选择项目！');

    await page.getByTestId('project').click();
    await visibleOptions(page).filter({ hasText: '新型催化材料合成研究' }).first().click();
    await expectMessage(page, '请填写需求日期！');
  });

  it('screens: the list and the drawer at 1440×900 and 390×844', async () => {
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const page = await signedIn(ctx, viewport);
      await openList(page);
      // The list in view: its create button and rows, nothing wider than the screen.
      await expectInViewport(page.locator('[data-action="createRequisition"]'), { whole: true });
      await expectInViewport(rows(page).first().locator('td').first());
      await expectNoHorizontalScroll(page);
      await shoot(page, `list-${size}`);
      await page.locator('[data-action="createRequisition"]').click();
      const drawer = page.locator('.ant-drawer-content-wrapper');
      await drawer.waitFor();
      await page.getByTestId('need-org').locator('.ant-select-selection-item').waitFor();
      await page.getByTestId('spare-add').click();
      await page.getByTestId('spare-pick').click();
      const dialog = page.locator('.ant-modal:not(.jnpf-picker-dialog)');
      await dialog.locator('tr.ant-table-row').first().click();
      await dialog.waitFor({ state: 'hidden' });
      const count = page.locator('[data-testid="spare-count"] input, input[data-testid="spare-count"]');
      await count.fill('3');
      expect(await count.inputValue()).toBe('3');
      await settled(page);
      // The drawer comes in from the right edge: 900 px on a desktop, the whole width on a phone; its form within
      // it, the quantity just typed in view.
      const screenWidth = await page.evaluate(() => document.documentElement.clientWidth);
      const box = await expectInViewport(drawer);
      expect(Math.round(box.width)).toBe(size === 'desktop' ? 900 : screenWidth);
      expect(Math.round(box.x + box.width)).toBe(screenWidth);
      const field = (await page.getByTestId('need-org').boundingBox())!;
      expect(field.x).toBeGreaterThanOrEqual(box.x);
      expect(field.x + field.width).toBeLessThanOrEqual(box.x + box.width);
      await expectInViewport(count, { whole: true });
      await expectNoHorizontalScroll(page);
      await shoot(page, `drawer-${size}`);
      await page.context().close();
    }
  });
});
