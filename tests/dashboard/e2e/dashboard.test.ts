import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, apiSignIn, e2eContext, newPage, screenshot, signIn } from '../../support/e2e/browser.js';

/** A picture kept in docs/screenshots as well, where the README looks for it. */
const docShot = (page: Page, name: string) => screenshot(page, name, { docs: true });

describe('the /dashboard portal and /emailDetail in Chromium', () => {
  const ctx = e2eContext();

  it('hides a card, keeps it hidden after a reload, and shows an empty to-do list', async () => {
    const page = await newPage(ctx);
    await signIn(page, 'staff', 'demo123456', '/dashboard');
    await page.getByTestId('dashboard-card-notice').getByText('实验室安全培训通知').waitFor();
    // Staff have nothing to approve: the card reads the workflow's FlowBefore/List/1 and says it is empty.
    const todo = page.getByTestId('card-flowTodo-empty');
    await todo.waitFor();
    expect(await todo.getAttribute('data-state')).toBe('empty');
    await page.getByTestId('dashboard-card-unread').getByText('试剂库盘点安排').waitFor();
    await docShot(page, 'dashboard-desktop');

    await page.getByTestId('dashboard-customize').click();
    const row = page.getByTestId('customize-orders');
    await row.getByRole('switch').click();
    await page.getByTestId('customize-quickLinks').getByRole('button', { name: '上移' }).click();
    await page.getByTestId('dashboard-save').click();
    await page.getByText('布局已保存').first().waitFor();
    await page.getByTestId('dashboard-card-orders').waitFor({ state: 'detached' });

    await page.reload();
    await page.getByTestId('dashboard-card-notice').waitFor();
    expect(await page.getByTestId('dashboard-card-orders').count()).toBe(0);
    // Orders hidden, quick links moved up one place: the page follows the saved order.
    const order = await page.locator('[data-testid^="dashboard-card-"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')));
    expect(order).toEqual(['dashboard-card-flowTodo', 'dashboard-card-notice', 'dashboard-card-unread', 'dashboard-card-quickLinks']);

    // The mail in the unread card opens /emailDetail, which marks it read.
    await page.getByTestId('dashboard-mail').filter({ hasText: '试剂库盘点安排' }).click();
    await page.waitForURL(/\/emailDetail\?id=/);
    await page.getByTestId('email-subject').getByText('试剂库盘点安排').waitFor();
    await page.getByTestId('email-body').getByText(/季度盘点/).waitFor();
    expect(await page.getByTestId('email-body').innerHTML()).not.toContain('<p>');
    await docShot(page, 'dashboard-emailDetail-desktop');
    await page.goto('/dashboard');
    await page.getByTestId('card-unread-empty').waitFor();

    // Restoring the default shows every card again.
    await page.getByTestId('dashboard-customize').click();
    await page.getByTestId('dashboard-reset').click();
    await page.getByTestId('dashboard-card-orders').waitFor();
    await page.close();
  });

  it('shows the portal and a mail on a phone, and a clear answer for a mail that is not there', async () => {
    const phone = await newPage(ctx, PHONE);
    await signIn(phone, 'staff', 'demo123456', '/dashboard');
    await phone.getByTestId('dashboard-card-notice').getByText('实验室安全培训通知').waitFor();
    await phone.getByTestId('card-flowTodo-empty').waitFor();
    // The previous-login notice (2 s) would cover the cards in the picture.
    await phone.locator('.ant-notification-notice').waitFor({ state: 'detached' });
    await docShot(phone, 'dashboard-phone');
    await phone.goto('/emailDetail?id=no-such-mail');
    await phone.getByTestId('email-missing').getByText('邮件不存在').waitFor();

    // A mail with an attachment and a copy, sent through the API, read on the phone.
    const token = await apiSignIn(ctx, 'admin', 'admin123456');
    const post = (url: string, body?: unknown) =>
      fetch(`${ctx.server.url}${url}`, { method: body === undefined ? 'GET' : 'POST', headers: { authorization: token, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }).then((r) => r.json() as Promise<{ code: number; data: any }>);
    expect((await post('/api/extend/Email', { recipient: 'staff', cc: 'lina', subject: '色谱柱借用登记', bodyText: '<p>借用的 C18 色谱柱请在登记表中填写归还日期。</p>', attachment: [{ fileId: 'f-demo', fileName: '借用登记表.xlsx', fileSize: 2048 }] })).code).toBe(200);
    await phone.goto('/dashboard');
    await phone.getByTestId('dashboard-mail').filter({ hasText: '色谱柱借用登记' }).click();
    await phone.getByTestId('email-detail').getByText('借用登记表.xlsx').waitFor();
    await phone.locator('.ant-notification-notice').waitFor({ state: 'detached' });
    await docShot(phone, 'dashboard-emailDetail-phone');
    await phone.close();
  });
});
