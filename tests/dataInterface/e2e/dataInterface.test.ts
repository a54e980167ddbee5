import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, apiSignIn, expectInViewport, expectNoHorizontalScroll, newPage, screenshot, settled, signIn, e2eContext, type E2EContext } from '../../support/e2e/browser.js';

/**
 * Data interfaces in Chromium: an administrator creates a static and an SQL interface on the JSON screen, tests
 * the SQL one in its dialog, and a form's dynamic select (on the function preview) shows each one's options.
 * Screenshots: test-results/screenshots/dataInterface-*.png, desktop and phone.
 */
const OK = /确\s*定/;
const dialog = (page: Page) => page.locator('.lc-form-dialog .ant-modal-content');
const rowOf = (page: Page, text: string) => page.getByTestId('list-table').locator('tr.ant-table-row', { hasText: text });

async function signedIn(ctx: E2EContext, viewport = DESKTOP): Promise<Page> {
  const page = await newPage(ctx, viewport);
  await signIn(page, 'admin', 'admin123456');
  return page;
}

async function createInterface(page: Page, values: { fullName: string; enCode: string; type?: string; staticData?: string; sql?: string }) {
  await page.locator('[data-action="add"]').first().click();
  await dialog(page).locator('[data-field="fullName"] input').fill(values.fullName);
  await dialog(page).locator('[data-field="enCode"] input').fill(values.enCode);
  await dialog(page).locator('[data-field="category"] input').fill('实验室');
  if (values.type) await dialog(page).locator('[data-field="type"]').getByText(values.type, { exact: true }).click();
  if (values.staticData) await dialog(page).locator('[data-field="staticData"] textarea').fill(values.staticData);
  if (values.sql) await dialog(page).locator('[data-field="sql"] textarea').fill(values.sql);
  await dialog(page).getByRole('button', { name: OK }).click();
  await rowOf(page, values.enCode).waitFor();
}

describe('data interfaces in Chromium', () => {
  const ctx = e2eContext();

  it('an administrator creates a static and an SQL interface, tests one, and a dynamic select shows their options', async () => {
    const page = await signedIn(ctx);
    await page.goto('/systemData/dataInterface');
    await page.getByTestId('list-table').waitFor();

    await createInterface(page, { fullName: '溶剂选项', enCode: 'solvents', staticData: JSON.stringify([{ id: 'etoh', fullName: '乙醇' }, { id: 'acetone', fullName: '丙酮' }, { id: 'hexane', fullName: '正己烷' }]) });
    await createInterface(page, { fullName: '在职账号', enCode: 'accounts', type: 'SQL操作', sql: "select account as id, real_name as \"fullName\" from base_user where enabled_mark = 1 order by account" });
    await rowOf(page, 'accounts').getByText('SQL操作').waitFor();
    await screenshot(page, 'dataInterface-list-desktop');

    // The test dialog runs the SQL interface and shows its rows.
    await rowOf(page, 'accounts').locator('[data-action="preview"]').click();
    const preview = page.getByTestId('data-interface-preview');
    await preview.waitFor();
    await preview.getByTestId('data-interface-run').click();
    await preview.getByTestId('data-interface-count').waitFor();
    expect(await preview.locator('tr.ant-table-row').count()).toBeGreaterThan(1);
    await expect.poll(() => preview.locator('td', { hasText: 'admin' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'dataInterface-test-desktop');
    await page.keyboard.press('Escape');

    // A form whose dynamic selects read the two interfaces (ids as the designer would store them).
    const token = await apiSignIn(ctx, 'admin', 'admin123456');
    const list = (await (await fetch(`${ctx.server.url}/api/system/DataInterface?pageSize=50`, { headers: { authorization: token } })).json()) as { data?: { list: { id: string; enCode: string }[] } };
    const idOf = (code: string) => list.data!.list.find((row) => row.enCode === code)!.id;
    const definition = JSON.stringify({
      labelPosition: 'top',
      fields: [
        { __config__: { jnpfKey: 'select', label: '溶剂', span: 12, dataType: 'dynamic', propsUrl: idOf('solvents'), props: { label: 'fullName', value: 'id' } }, __vModel__: 'solvent', placeholder: '请选择' },
        { __config__: { jnpfKey: 'select', label: '经办人账号', span: 12, dataType: 'dynamic', propsUrl: idOf('accounts'), props: { label: 'fullName', value: 'id' } }, __vModel__: 'account', placeholder: '请选择' },
      ],
    });
    await page.goto('/previewModel');
    await page.getByTestId('preview-source').fill(definition);
    await page.getByTestId('preview-render').click();
    await page.locator('[data-field="solvent"] .ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible').getByText('丙酮', { exact: true }).click();
    await expect.poll(async () => JSON.parse((await page.getByTestId('preview-values').textContent()) ?? '{}').solvent).toBe('acetone');
    await page.locator('[data-field="account"] .ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    expect(await page.locator('.ant-select-dropdown:visible .ant-select-item-option').count()).toBeGreaterThan(1);
    await screenshot(page, 'dataInterface-select-desktop');
    await page.close();
  });

  it('shows the list and the form on a phone', async () => {
    const page = await signedIn(ctx, PHONE);
    await page.goto('/systemData/dataInterface');
    await rowOf(page, 'solvents').waitFor();
    // The list on a phone: its add button and rows in view, nothing wider than the phone.
    await expectInViewport(page.locator('[data-action="add"]').first(), { whole: true });
    await expectInViewport(rowOf(page, 'solvents').locator('td').first());
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'dataInterface-list-phone');
    await page.locator('[data-action="add"]').first().click();
    await dialog(page).locator('[data-field="fullName"] input').waitFor();
    await settled(page);
    // The form dialog fits the phone's width, its first field in view.
    await expectInViewport(dialog(page));
    await expectInViewport(dialog(page).locator('[data-field="fullName"] input'), { whole: true });
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'dataInterface-form-phone');
    await page.close();
  });
});
