import { describe, expect, it } from 'vitest';
import { idle, newPage, screenshot, signInThroughPage, e2eContext } from '../../support/e2e/browser.js';

describe('language and last sign-in in Chromium', () => {
  const ctx = e2eContext();

  it('switches to English, keeps it across a reload, and saves it on the profile', async () => {
    const page = await newPage(ctx);
    await signInThroughPage(page, 'admin', 'admin123456');
    await page.waitForURL(/\/home$/);
    await page.getByTestId('language-switch').click();
    await page.getByText('English', { exact: true }).click();
    await page.getByTestId('welcome').getByText('Hello,').waitFor();
    await page.reload();
    await page.getByTestId('welcome').getByText('Hello,').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const token = await page.evaluate(() => window.localStorage.getItem('labcode_token'));
    await expect.poll(async () => (await (await page.request.get('/api/oauth/CurrentUser', { headers: { authorization: token! } })).json()).data.userInfo.language).toBe('en');
    await page.getByTestId('language-switch').click();
    await page.getByText('繁體中文', { exact: true }).click();
    await page.getByTestId('welcome').getByText('你好').waitFor();
    await page.getByText('平台資料均為虛構的測試資料。').waitFor();
    await page.close();
  });

  it('tells a returning user when and where they last signed in', async () => {
    const first = await newPage(ctx);
    await signInThroughPage(first, 'lina', 'demo123456');
    await first.waitForURL(/\/home$/);
    await first.close();
    const page = await newPage(ctx);
    await signInThroughPage(page, 'lina', 'demo123456');
    await page.waitForURL(/\/home$/);
    const notice = page.locator('.ant-notification-notice').getByText(/上次登录：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 本机 127\.0\.0\.1/);
    await notice.waitFor();
    await screenshot(page, 'last-login-notice-desktop');
    // Once per sign-in: a reload of the same sign-in says nothing more.
    await page.reload();
    await page.getByTestId('welcome').waitFor();
    await idle(page);
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    await page.close();
  });
});
