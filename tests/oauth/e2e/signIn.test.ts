import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, newPage, screenshot, signInThroughPage, e2eContext } from '../../support/e2e/browser.js';

const ADMIN_ONLY_MENUS = ['系统管理', '组织权限', '在线开发', '系统数据'];

describe('signing in through Chromium', () => {
  const ctx = e2eContext({}, { engine: 'embedded' });

  it('sends an anonymous visitor to /login with the wanted path, and back there after sign-in', async () => {
    const page = await newPage(ctx);
    await page.goto('/home');
    await page.waitForURL(/\/login\?redirect=%2Fhome/);
    await page.getByTestId('login-submit').waitFor();
    await screenshot(page, 'login-desktop');
    await signInThroughPage(page, 'admin', 'admin123456');
    await page.waitForURL(/\/home$/);
    await expect(page.getByTestId('welcome').textContent()).resolves.toContain('系统管理员');
    await page.close();
  });

  it('shows the administrator every menu', async () => {
    const page = await newPage(ctx);
    await signInThroughPage(page, 'admin', 'admin123456');
    await page.waitForURL(/\/home$/);
    const menu = page.getByTestId('side-menu');
    await menu.getByText('系统管理', { exact: true }).waitFor();
    for (const title of ADMIN_ONLY_MENUS) await expect(menu.getByText(title, { exact: true }).count()).resolves.toBe(1);
    await screenshot(page, 'home-admin-desktop');
    await page.close();
  });

  it('signs staff in without any administration menu, on a phone too', async () => {
    const page = await newPage(ctx, PHONE);
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await screenshot(page, 'login-phone');
    await signInThroughPage(page, 'staff', 'demo123456');
    await page.waitForURL(/\/home$/);
    await expect(page.getByTestId('welcome').textContent()).resolves.toContain('王小明');
    await screenshot(page, 'home-staff-phone');
    // On a phone the menu is a drawer behind the header button.
    await page.getByTestId('menu-toggle').click();
    await page.getByTestId('side-menu').getByText('试剂商城', { exact: true }).waitFor();
    await screenshot(page, 'home-staff-phone-menu');
    const desktop = await newPage(ctx, DESKTOP);
    await signInThroughPage(desktop, 'staff', 'demo123456');
    await desktop.waitForURL(/\/home$/);
    const menu = desktop.getByTestId('side-menu');
    await menu.getByText('试剂商城', { exact: true }).waitFor();
    for (const title of ADMIN_ONLY_MENUS) await expect(menu.getByText(title, { exact: true }).count()).resolves.toBe(0);
    await screenshot(desktop, 'home-staff-desktop');
    await page.close();
    await desktop.close();
  });

  it('shows the server message on a wrong password, then the captcha from the third failure', async () => {
    const page = await newPage(ctx);
    await page.goto('/login');
    for (let i = 0; i < 3; i += 1) {
      await page.getByPlaceholder('请输入账号').fill('lina');
      await page.getByPlaceholder('请输入密码').fill(`wrong-${i}`);
      // Each attempt waits for its own answer: the previous attempt's message may still be on screen, so seeing
      // the message alone does not say this attempt was answered. And a person presses the button once its spinner
      // has stopped: pressed while it still turns, the press does nothing.
      const answered = page.waitForResponse((response) => response.url().includes('/api/oauth/Login') && response.request().method() === 'POST');
      await page.locator('[data-testid="login-submit"]:not(.ant-btn-loading)').click();
      expect(await (await answered).json()).toMatchObject({ code: 400, msg: '账号或密码错误' });
      await page.getByText('账号或密码错误').first().waitFor();
    }
    const captcha = page.locator('img.lc-captcha');
    await captcha.waitFor();
    // The element is there before its picture has loaded: wait for the picture itself.
    await expect.poll(() => captcha.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, 'login-captcha-desktop');
    await page.close();
  });

  it('signs out: the token stops working and the page returns to /login', async () => {
    const page = await newPage(ctx);
    await signInThroughPage(page, 'staff', 'demo123456');
    await page.waitForURL(/\/home$/);
    const token = await page.evaluate(() => window.localStorage.getItem('labcode_token'));
    expect(token).toMatch(/^bearer /);
    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    await page.waitForURL(/\/login\?redirect=%2Fhome$/);
    await page.getByTestId('login-submit').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('labcode_token'))).toBeNull();
    const after = await page.request.get('/api/oauth/CurrentUser', { headers: { authorization: token! } });
    expect((await after.json()).code).toBe(601);
    await page.close();
  });

  it('runs under the Content-Security-Policy without violations', async () => {
    const page = await newPage(ctx);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto('/login');
    // WebAssembly may compile (the upload's MD5); JavaScript may not eval.
    expect(response?.headers()['content-security-policy']?.replaceAll("'wasm-unsafe-eval'", '')).not.toContain('unsafe-eval');
    await signInThroughPage(page, 'admin', 'admin123456');
    await page.waitForURL(/\/home$/);
    expect(violations).toEqual([]);
    await page.close();
  });
});
