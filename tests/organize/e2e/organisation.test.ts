import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PHONE, apiSignIn, e2eContext, newPage, screenshot, signIn } from '../../support/e2e/browser.js';

/**
 * The organisation screens end to end, in Chromium: the administrator creates a department, a position, a role
 * and a user through the screens (the user's organisation, position and role through the pickers), sets the
 * user's password through the reset dialog, and gives the role, on the permissions screen, the users menu with
 * its 新建 button only and the 本部门及下级 data scope. Signed in as that user: the menu, the button and no other,
 * and only the rows of their own department.
 */
const OK = /确\s*定/;
const COMPANY = '示例检测科技有限公司';
const DEPARTMENT = 'E2E检测部';
const POSITION = 'E2E检验岗';
const ROLE = 'E2E检验员';
const ACCOUNT = 'e2einspector';
const PASSWORD = 'Lab12345';

const formDialog = (page: Page) => page.locator('.lc-form-dialog .ant-modal-content');
const rowOf = (page: Page, text: string) => page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });
const fill = (scope: Locator, field: string, value: string) => scope.locator(`[data-field="${field}"] input`).first().fill(value);

/** A tree select of the form runtime: open it and choose the node by its name. */
async function chooseInTreeSelect(page: Page, scope: Locator, field: string, name: string) {
  await scope.locator(`[data-field="${field}"] .ant-select-selector`).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: name }).first().click();
}

/** A registry picker: open its dialog (on `tab` when given), search, pick the name, confirm. */
async function pick(page: Page, scope: Locator, field: string, name: string, tab?: string) {
  await scope.locator(`[data-field="${field}"] .jnpf-picker-field`).click();
  const picker = page.locator('.jnpf-picker-dialog .ant-modal-content').last();
  await picker.waitFor();
  if (tab) await picker.locator('.ant-tabs-tab', { hasText: tab }).click();
  const search = picker.getByTestId('picker-search').locator('input');
  if (await search.count()) {
    await search.fill(name);
    await search.press('Enter');
  }
  await picker.locator('.ant-tree-node-content-wrapper, .jnpf-picker-item, [data-testid="picker-list"] > *', { hasText: name }).first().click();
  await picker.getByTestId('picker-selected').getByText(name).first().waitFor();
  await picker.getByRole('button', { name: OK }).click();
  await picker.waitFor({ state: 'detached' });
}

/** Ticks a node of the authorize dialog's current tree by its name (under `parent` when names repeat). */
async function tick(dialog: Locator, name: string) {
  const node = dialog.locator('.ant-tree-treenode', { has: dialog.page().getByText(name, { exact: true }) }).first();
  await node.locator('.ant-tree-checkbox').click();
  await expect.poll(() => node.locator('.ant-tree-checkbox').getAttribute('class')).toMatch(/ant-tree-checkbox-checked/);
}

async function search(page: Page, keyword: string) {
  await fill(page.locator('.lc-list-search'), 'keyword', keyword);
  await page.getByTestId('list-search').click();
}

describe('organisation and permissions, in Chromium', () => {
  const ctx = e2eContext();

  it('an administrator builds a department, position, role and user; the user sees exactly what the role was given', async () => {
    // The password the administrator sets is the user's own here: the forced change of a first password, which would
    // otherwise stand before every page (decision 187), is passwordPolicy.test.ts's.
    const adminToken = await apiSignIn(ctx, 'admin', 'admin123456');
    const policy = await fetch(`${ctx.server.url}/api/system/SysConfig`, { method: 'PUT', headers: { authorization: adminToken, 'content-type': 'application/json' }, body: JSON.stringify({ mandatoryModificationOfInitialPassword: 0 }) });
    expect(((await policy.json()) as { code: number }).code).toBe(200);
    const admin = await newPage(ctx);
    await signIn(admin, 'admin', 'admin123456');

    // A department under the company.
    await admin.goto('/permission/department');
    await rowOf(admin, COMPANY).waitFor();
    await admin.locator('[data-action="add"]').first().click();
    await chooseInTreeSelect(admin, formDialog(admin), 'parentId', COMPANY);
    await fill(formDialog(admin), 'fullName', DEPARTMENT);
    await fill(formDialog(admin), 'enCode', 'E2E01');
    await screenshot(admin, 'admin-department-dialog-desktop');
    await formDialog(admin).getByRole('button', { name: OK }).click();
    await formDialog(admin).waitFor({ state: 'detached' });
    await search(admin, DEPARTMENT);
    await rowOf(admin, DEPARTMENT).waitFor();

    // A position in it.
    await admin.goto('/permission/position');
    await admin.getByTestId('api-tree').getByText(DEPARTMENT).waitFor();
    await admin.locator('[data-action="add"]').first().click();
    await chooseInTreeSelect(admin, formDialog(admin), 'organizeId', DEPARTMENT);
    await fill(formDialog(admin), 'fullName', POSITION);
    await fill(formDialog(admin), 'enCode', 'E2EP01');
    await formDialog(admin).getByRole('button', { name: OK }).click();
    await formDialog(admin).waitFor({ state: 'detached' });
    await admin.getByTestId('api-tree').getByText(DEPARTMENT).click();
    await rowOf(admin, POSITION).waitFor();

    // A global role.
    await admin.goto('/permission/role');
    await rowOf(admin, '普通员工').first().waitFor();
    await admin.locator('[data-action="add"]').first().click();
    await fill(formDialog(admin), 'fullName', ROLE);
    await fill(formDialog(admin), 'enCode', 'e2eInspector');
    await formDialog(admin).getByRole('button', { name: OK }).click();
    await formDialog(admin).waitFor({ state: 'detached' });
    await search(admin, ROLE);
    await rowOf(admin, ROLE).waitFor();

    // The user, with the pickers; a bad mobile number is refused first, and says why.
    await admin.goto('/permission/user');
    await rowOf(admin, 'admin').first().waitFor();
    await admin.locator('[data-action="add"]').first().click();
    const userForm = formDialog(admin);
    await fill(userForm, 'account', ACCOUNT);
    await fill(userForm, 'realName', '检验员甲');
    await fill(userForm, 'mobilePhone', '123');
    await pick(admin, userForm, 'organizeId', DEPARTMENT);
    await pick(admin, userForm, 'positionId', POSITION);
    await pick(admin, userForm, 'roleId', ROLE, '全局');
    await userForm.getByRole('button', { name: OK }).click();
    await userForm.getByText('请输入正确的手机号码').waitFor();
    await fill(userForm, 'mobilePhone', '13811112222');
    await screenshot(admin, 'admin-user-dialog-desktop');
    await userForm.getByRole('button', { name: OK }).click();
    await userForm.waitFor({ state: 'detached' });
    await search(admin, ACCOUNT);
    await rowOf(admin, ACCOUNT).waitFor();

    // Its password, through the reset dialog (under 更多).
    await rowOf(admin, ACCOUNT).locator('[data-action="more"]').click();
    await admin.locator('.ant-dropdown:visible [data-action="resetPassword"]').click();
    const reset = admin.locator('.ant-modal-content', { has: admin.getByTestId('reset-password-form') });
    await reset.getByTestId('reset-password').fill(PASSWORD);
    await reset.getByTestId('reset-password-confirm').fill('Other123');
    await reset.getByRole('button', { name: OK }).click();
    await reset.getByText('两次输入的密码不一致').waitFor();
    await reset.getByTestId('reset-password-confirm').fill(PASSWORD);
    await reset.getByRole('button', { name: OK }).click();
    await reset.waitFor({ state: 'detached' });

    // The role's permissions: the users menu, its 新建 button, all its columns, the own-department-and-below scope.
    await admin.goto('/permission/authorize');
    await rowOf(admin, ROLE).waitFor();
    await rowOf(admin, ROLE).locator('[data-action="authorize"]').click();
    const authorize = admin.locator('.ant-modal-content', { has: admin.getByTestId('authorize-node') });
    await authorize.getByTestId('authorize-tree-module').waitFor();
    await tick(authorize, '用户管理');
    await authorize.locator('[data-kind="button"]').click();
    await authorize.getByTestId('authorize-tree-button').waitFor();
    await tick(authorize, '新建');
    await authorize.locator('[data-kind="column"]').click();
    await authorize.getByTestId('authorize-tree-column').waitFor();
    await authorize.getByTestId('authorize-all').click();
    await authorize.locator('[data-kind="resource"]').click();
    await authorize.getByTestId('authorize-tree-resource').waitFor();
    await tick(authorize, '本部门及下级');
    await screenshot(admin, 'admin-authorize-dialog-desktop');
    await authorize.getByTestId('authorize-save').click();
    await authorize.waitFor({ state: 'detached' });
    await admin.close();

    // Signed in as the user: that menu, that button, those rows.
    for (const viewport of [undefined, PHONE]) {
      const user = await newPage(ctx, viewport);
      await signIn(user, ACCOUNT, PASSWORD, '/permission/user');
      await rowOf(user, ACCOUNT).waitFor();
      expect(await user.locator('.lc-list-toolbar [data-action="add"]').count()).toBe(1);
      for (const action of ['import', 'export']) expect(await user.locator(`.lc-list-toolbar [data-action="${action}"]`).count()).toBe(0);
      // No row button but 新建 was granted: no actions column.
      expect(await rowOf(user, ACCOUNT).locator('[data-action="edit"], [data-action="remove"], [data-action="more"]').count()).toBe(0);
      // Own department and below: the department holds this user alone, so the table does too.
      await expect.poll(() => user.getByTestId('list-table').locator('tr.ant-table-row').count()).toBe(1);
      expect(await rowOf(user, 'admin').count()).toBe(0);
      await screenshot(user, viewport ? 'admin-user-as-inspector-phone' : 'admin-user-as-inspector-desktop');
      // Another administration page is not theirs.
      await user.goto('/permission/organize');
      await user.getByTestId('no-permission').getByText('您没有访问该页面的权限，请联系管理员分配').waitFor();
      expect(new URL(user.url()).pathname).toBe('/permission/organize');
      await user.close();
    }
  });
});
