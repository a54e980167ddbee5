import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, e2eContext, screenshot, signInThroughPage } from '../../support/e2e/browser.js';

const OK = /确\s*定/;
const REVOKED = '登录状态已失效（已退出或被强制下线），请重新登录';

/**
 * A session ended elsewhere takes its open pages to sign-in at once, without a click, and the sign-in page says
 * why (decision 167): another tab of the same browser signs out; an administrator resets the user's password.
 */
describe('remote logout in Chromium', () => {
  const ctx = e2eContext();

  /** Opens a page and resolves once its message socket has been greeted (so the push has a socket to reach). */
  const signedIn = async (page: Page, account: string, password: string) => {
    const greeted = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => {
        socket.on('framereceived', (event) => {
          if (String(event.payload).includes('"initMessage"')) resolve();
        });
      });
    });
    await signInThroughPage(page, account, password);
    await page.waitForURL(/\/home$/);
    await greeted;
  };
  const landsOnSignIn = async (page: Page) => {
    await page.waitForURL(/\/login\?redirect=/, { timeout: 10_000 });
    await page.getByTestId('session-ended').getByText(REVOKED).waitFor();
    await page.getByTestId('login-submit').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('labcode_token'))).toBeNull();
  };

  it('a sign-out in another tab of the browser takes this tab to sign-in, saying why', async () => {
    const context = await ctx.browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', baseURL: ctx.server.url, reducedMotion: ctx.motion });
    const first = await context.newPage();
    await signedIn(first, 'staff', 'demo123456');
    // A second tab of the same browser shares the session, and its socket.
    const second = await context.newPage();
    await second.goto('/home');
    await second.getByTestId('user-menu').waitFor();

    await second.getByTestId('user-menu').click();
    await second.getByText('退出登录').click();
    await second.waitForURL(/\/login/);
    // The tab that signed out itself is told nothing; the other one is, at once.
    await landsOnSignIn(first);
    expect(await second.getByTestId('session-ended').count()).toBe(0);
    await screenshot(first, 'remote-logout-desktop', { docs: true });
    await context.close();
  });

  it('an administrator resetting the password signs the user out of their open page (phone size)', async () => {
    const userContext = await ctx.browser.newContext({ viewport: PHONE, locale: 'zh-CN', baseURL: ctx.server.url, reducedMotion: ctx.motion });
    const user = await userContext.newPage();
    await signedIn(user, 'pengfei', 'demo123456');

    const adminContext = await ctx.browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', baseURL: ctx.server.url, reducedMotion: ctx.motion });
    const admin = await adminContext.newPage();
    await signInThroughPage(admin, 'admin', 'admin123456');
    await admin.waitForURL(/\/home$/);
    await admin.goto('/permission/user');
    const search = admin.locator('.lc-list-search [data-field="keyword"] input').first();
    await search.fill('pengfei');
    await admin.getByTestId('list-search').click();
    const row = admin.getByTestId('list-table').locator('tr.ant-table-row', { hasText: 'pengfei' });
    await row.first().waitFor();
    await row.first().locator('[data-action="more"]').click();
    await admin.locator('.ant-dropdown:visible [data-action="resetPassword"]').click();
    const reset = admin.locator('.ant-modal-content', { has: admin.getByTestId('reset-password-form') });
    await reset.getByTestId('reset-password').fill('Lab12345');
    await reset.getByTestId('reset-password-confirm').fill('Lab12345');
    await reset.getByRole('button', { name: OK }).click();
    await reset.waitFor({ state: 'detached' });

    await landsOnSignIn(user);
    await screenshot(user, 'remote-logout-phone', { docs: true });
    // The new password signs in again.
    await signedIn(user, 'pengfei', 'Lab12345');
    await Promise.all([userContext.close(), adminContext.close()]);
  });
});

