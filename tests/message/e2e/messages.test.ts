import { describe, expect, it } from 'vitest';
import { PHONE, apiSignIn, e2eContext, idle, newPage, screenshot, signIn, type E2EContext } from '../../support/e2e/browser.js';

/** Calls the API as a signed-in user, answering the envelope. */
async function api(ctx: E2EContext, token: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${ctx.server.url}${url}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as { code: number; msg: string; data: any };
}

describe('messages, notices and system configuration in Chromium', () => {
  const ctx = e2eContext();

  it('releases a notice from the notice page and shows it in the staff navbar, read in place', async () => {
    const admin = await apiSignIn(ctx, 'admin', 'admin123456');
    const created = await api(ctx, admin, 'POST', '/api/message', { title: '液氮补给通知', bodyText: '<p>明早 9 点补给液氮，请提前预约。</p>', category: '2' });
    expect(created.code).toBe(200);

    const adminPage = await newPage(ctx);
    await signIn(adminPage, 'admin', 'admin123456', '/msgCenter/notice');
    const row = adminPage.locator('.ant-table-row', { hasText: '液氮补给通知' });
    await row.waitFor();
    await row.getByText('发布', { exact: true }).click();
    await adminPage.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    await row.getByText('已发布').waitFor();
    await adminPage.locator('.ant-modal-confirm').waitFor({ state: 'hidden' });
    await screenshot(adminPage, 'notice-list-desktop');
    await adminPage.close();

    const page = await newPage(ctx);
    await signIn(page, 'staff', 'demo123456');
    const bell = page.getByTestId('notice-bell');
    // The seeded notice and the one just released are both unread.
    await page.locator('.ant-badge', { has: bell }).locator('.ant-badge-count').getByText('2').first().waitFor();
    await bell.click();
    const item = page.getByTestId('notice-item').filter({ hasText: '液氮补给通知' });
    await item.waitFor();
    await screenshot(page, 'navbar-notice-desktop');
    await item.click();
    await page.getByTestId('message-viewer-body').getByText('明早 9 点补给液氮，请提前预约。').waitFor();
    await page.locator('.ant-modal-close').click();
    await page.locator('.ant-badge', { has: bell }).locator('.ant-badge-count').getByText('1').first().waitFor();

    // The message list: the read one is marked read, the other still unread.
    await page.goto('/messageRecord');
    const read = page.locator('.ant-table-row', { hasText: '液氮补给通知' });
    await read.getByText('已读').waitFor();
    await page.locator('.ant-table-row', { hasText: '实验室安全培训通知' }).getByText('未读').waitFor();
    await screenshot(page, 'message-record-desktop');
    await page.close();

    const phone = await newPage(ctx, PHONE);
    await signIn(phone, 'staff', 'demo123456');
    await phone.getByTestId('notice-bell').click();
    await phone.getByTestId('notice-item').first().waitFor();
    await screenshot(phone, 'navbar-notice-phone');
    await phone.goto('/messageRecord');
    await phone.locator('.ant-table-row', { hasText: '液氮补给通知' }).waitFor();
    await screenshot(phone, 'message-record-phone');
    await phone.close();
  });

  it('opens the forced password change only while the policy asks for it, as set on the configuration screen', async () => {
    const page = await newPage(ctx);
    await signIn(page, 'admin', 'admin123456', '/system/sysConfig');
    await page.getByRole('tab', { name: '安全策略' }).click();
    const policy = page.locator('.ant-tabs-tabpane-active');
    // The first switch of the policy form is 初始密码强制修改 (mandatoryModificationOfInitialPassword).
    await policy.getByText('初始密码强制修改').waitFor();
    const mandatory = policy.getByRole('switch').first();
    await mandatory.waitFor();
    expect(await mandatory.getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'sysconfig-policy-desktop');
    await mandatory.click();
    await policy.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    await page.getByRole('tab', { name: '基本设置' }).click();
    await page.getByRole('tab', { name: '基本设置', selected: true }).waitFor();
    await page.locator('.ant-tabs-tabpane-active').getByTestId('form-node').first().waitFor();
    await screenshot(page, 'sysconfig-desktop');
    await page.close();

    const relaxed = await newPage(ctx);
    await signIn(relaxed, 'pengfei', 'demo123456');
    await relaxed.getByTestId('notice-bell').waitFor();
    // Once all the sign-in set off has answered and drawn (the dialog's code too, were it due), there is no dialog.
    await idle(relaxed);
    expect(await relaxed.locator('.lc-forced-password .ant-modal-content').count()).toBe(0);
    await relaxed.close();

    const admin = await apiSignIn(ctx, 'admin', 'admin123456');
    expect((await api(ctx, admin, 'PUT', '/api/system/SysConfig', { mandatoryModificationOfInitialPassword: 1 })).code).toBe(200);
    const forced = await newPage(ctx);
    await signIn(forced, 'pengfei', 'demo123456');
    await forced.locator('.lc-forced-password .ant-modal-content').waitFor();
    await forced.close();

    const phone = await newPage(ctx, PHONE);
    await signIn(phone, 'admin', 'admin123456', '/system/sysConfig');
    await phone.getByTestId('form-node').first().waitFor();
    await screenshot(phone, 'sysconfig-phone');
    await phone.close();
  });
  it('edits a message template with its parameter table', async () => {
    const page = await newPage(ctx);
    await signIn(page, 'admin', 'admin123456', '/msgCenter/msgTemplate');
    const row = page.locator('.ant-table-row', { hasText: 'MBXTLC001' });
    await row.getByText('编辑', { exact: true }).click();
    const dialog = page.locator('.ant-modal-content', { hasText: '编辑消息模板' });
    // The parameter table's idle cells show their text (a click puts the input there).
    await dialog.locator('.jnpf-cell-text', { hasText: /^flowName$/ }).waitFor();
    expect(await dialog.locator('.jnpf-cell-text', { hasText: /^creatorUserName$/ }).count()).toBe(1);
    await screenshot(page, 'message-template-editor-desktop');
    await page.close();
  });
});
