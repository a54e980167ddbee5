import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiSignIn, DESKTOP, e2eContext, expectNoHorizontalScroll, newPage, PHONE, screenshot, signIn, type E2EContext } from '../../support/e2e/browser.js';

/**
 * A form short link in Chromium (spec 000 §2 /formShortLink): the designer turns the link on with a password in the
 * design's 外链 dialog and copies its address; a visitor who never signed in opens it, gets past the password, fills
 * the form, is told the captcha is missing, reads it off the picture, and submits; the record is there for staff.
 * Pictures: test-results/screenshots/short-link-*.png (SCREENSHOTS=1).
 */
const OK = /确\s*定/;
const shot = (page: Page, name: string) => screenshot(page, `short-link-${name}`);
const form = {
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '姓名', required: true }, __vModel__: 'name', maxlength: 20 },
    { __config__: { jnpfKey: 'numInput', label: '人数' }, __vModel__: 'people', min: 1, max: 10 },
    { __config__: { jnpfKey: 'textarea', label: '留言' }, __vModel__: 'note' },
  ],
};
const list = { type: 1, searchList: [], columnList: [{ prop: 'name', label: '姓名' }, { prop: 'people', label: '人数' }], btnsList: [{ value: 'add' }], columnBtnsList: [], hasPage: true, pageSize: 20 };

/** The captcha answer, from the server log (LOG_CAPTCHA_ANSWERS=1), as a person reads it off the picture. */
const captchaAnswer = (ctx: E2EContext, id: string) => new RegExp(`Captcha ${id}: (\\w+)`).exec(ctx.server.output())?.[1];

describe('form short links, in Chromium', () => {
  // The embedded engine: the server logs captcha answers only there.
  const ctx = e2eContext({ LOG_LEVEL: 'info', LOG_CAPTCHA_ANSWERS: '1' }, { engine: 'embedded' });

  it('turns a link on with a password, and a visitor who is not signed in fills the form by it', async () => {
    const token = await apiSignIn(ctx, 'admin', 'admin123456');
    const call = async (method: string, url: string, body?: unknown) =>
      (await fetch(`${ctx.server.url}/api${url}`, { method, headers: { authorization: token, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json();
    const created = await call('POST', '/visualdev/Base', { fullName: '开放日报名', enCode: 'e2eShortLink', category: 'other', webType: 2, formData: JSON.stringify(form), columnData: JSON.stringify(list), tables: '[]' });
    expect(created.code, created.msg).toBe(200);
    expect((await call('POST', `/visualdev/Base/${created.data.id}/Actions/Release`, { pc: 1, pcModuleParentId: ['menu-onlineDev'], app: 0 })).code).toBe(200);

    // The designer: 外链 on the design's row, filling by link on, a password, saved; the address appears.
    const admin = await newPage(ctx, DESKTOP);
    await signIn(admin, 'admin', 'admin123456', '/onlineDev/webDesign');
    // 外链 sits under the row's 更多, past the first buttons.
    await admin.getByTestId('list-table').locator('tr.ant-table-row', { hasText: '开放日报名' }).locator('[data-action="more"]').click();
    await admin.locator('.ant-dropdown:visible [data-action="shortLink"]').click();
    const settings = admin.getByTestId('short-link-settings');
    await settings.getByTestId('short-link-form-use').click();
    await settings.getByTestId('short-link-pass-use').click();
    await settings.getByTestId('short-link-password-input').fill('open2026');
    await settings.getByRole('button', { name: OK }).click();
    await expect.poll(() => settings.getByTestId('short-link-address').inputValue()).toMatch(/\/formShortLink\?encryption=[\w-]+$/);
    const address = await settings.getByTestId('short-link-address').inputValue();
    await shot(admin, 'settings-desktop');

    // A visitor: no session at all.
    const visitor = await newPage(ctx, DESKTOP);
    const errors: string[] = [];
    visitor.on('pageerror', (error) => errors.push(error.message));
    await visitor.goto(address);
    const page = visitor.getByTestId('short-link-page');
    await page.getByTestId('short-link-password').waitFor();
    expect(visitor.url()).toContain('/formShortLink');
    await page.getByPlaceholder('请输入密码').fill('wrong');
    await page.getByRole('button', { name: OK }).click();
    await page.getByText('密码错误').waitFor();
    await page.getByPlaceholder('请输入密码').fill('open2026');
    await page.getByRole('button', { name: OK }).click();

    await page.locator('[data-field="name"] input').waitFor();
    await page.getByTestId('short-link-submit').click();
    await page.locator('[data-field="name"]').getByText('不能为空').waitFor();
    await page.locator('[data-field="name"] input').fill('赵六');
    await page.locator('[data-field="people"] input').fill('3');
    await page.getByTestId('short-link-submit').click();
    await page.getByText('请输入验证码').last().waitFor();
    const captchaId = (await page.locator('img[data-captcha]').getAttribute('data-captcha'))!;
    await expect.poll(() => captchaAnswer(ctx, captchaId)).toMatch(/^\w{4}$/);
    await page.getByTestId('short-link-captcha-input').fill(captchaAnswer(ctx, captchaId)!);
    await shot(visitor, 'form-desktop');
    await page.getByTestId('short-link-submit').click();
    await page.getByTestId('short-link-submitted').waitFor();
    await shot(visitor, 'submitted-desktop');
    expect(errors).toEqual([]);

    // The record is there, created in the name of whoever turned the link on.
    const rows = (await call('POST', `/visualdev/OnlineDev/${created.data.id}/List`, { currentPage: 1, pageSize: 20 })).data.list;
    expect(rows).toEqual([expect.objectContaining({ name: '赵六', people: 3 })]);

    // On a phone, the same link reads in one column.
    const phone = await newPage(ctx, PHONE);
    await phone.goto(address);
    await phone.getByTestId('short-link-password').waitFor();
    await expectNoHorizontalScroll(phone);
    await phone.getByPlaceholder('请输入密码').fill('open2026');
    await phone.getByRole('button', { name: OK }).click();
    await phone.locator('[data-field="name"] input').waitFor();
    await expectNoHorizontalScroll(phone);
    await shot(phone, 'form-phone');

    // Turned off, the link says so.
    await settings.getByTestId('short-link-form-use').click();
    await settings.getByRole('button', { name: OK }).click();
    await admin.locator('.ant-message-notice').getByText('保存成功').last().waitFor();
    await visitor.goto(address);
    await visitor.getByTestId('short-link-failure').getByText('链接不存在或已关闭').waitFor();
  });
});
