import { describe, expect, it } from 'vitest';
import { PHONE, newPage, screenshot, signInThroughPage, e2eContext } from '../../support/e2e/browser.js';

describe('lock screen and about dialog in Chromium', () => {
  const ctx = e2eContext();

  it('locks, keeps every page behind the lock across a reload, refuses a wrong password, and unlocks', async () => {
    const page = await newPage(ctx);
    await signInThroughPage(page, 'staff', 'demo123456');
    await page.waitForURL(/\/home$/);
    await page.getByTestId('user-menu').click();
    await page.getByText('锁定屏幕').click();
    await page.waitForURL(/\/lockScreen$/);
    await page.getByText('王小明').waitFor();

    await page.goto('/home');
    await page.waitForURL(/\/lockScreen$/);
    await page.reload();
    await page.getByTestId('unlock-password').waitFor();
    await screenshot(page, 'lock-screen-desktop');

    await page.getByTestId('unlock-password').fill('not-my-password');
    await page.getByTestId('unlock-submit').click();
    await page.getByText('密码错误').first().waitFor();
    expect(page.url()).toMatch(/\/lockScreen$/);

    await page.getByTestId('unlock-password').fill('demo123456');
    await page.getByTestId('unlock-submit').click();
    await page.waitForURL(/\/home$/);
    expect(await page.evaluate(() => window.localStorage.getItem('labcode_lock'))).toBeNull();
    await page.close();
  });

  it('shows the about dialog with the system name, version, provider and the fictitious-data notice', async () => {
    const page = await newPage(ctx, PHONE);
    await signInThroughPage(page, 'admin', 'admin123456');
    await page.waitForURL(/\/home$/);
    await page.getByTestId('user-menu').click();
    await page.getByText('关于', { exact: true }).click();
    const dialog = page.locator('.lc-about .ant-modal-content');
    await dialog.getByText('LabCode 实验室低代码平台').waitFor();
    expect(await dialog.textContent()).toContain('平台数据均为虚构的测试数据');
    expect(await dialog.textContent()).toContain('0.1.0');
    await screenshot(page, 'about-phone');
    await page.close();
  });
});
