import { describe, expect, it } from 'vitest';
import { apiSignIn, e2eContext, idle, newPage, settled, signInThroughPage, type E2EContext } from '../../support/e2e/browser.js';

/** The captcha answer, from the server log (LOG_CAPTCHA_ANSWERS=1), as a person would read it off the image. */
const captchaAnswer = (ctx: E2EContext, id: string) => new RegExp(`Captcha ${id}: (\\w+)`).exec(ctx.server.output())?.[1];

/**
 * SysConfig's mandatoryModificationOfInitialPassword (spec 001 §3, §4): with it on, a user still on the initial
 * password cannot get past the dialog by any means a person has; once changed, the product works as usual, also
 * after a reload and the next sign-in.
 */
describe('the forced change of the initial password in Chromium', () => {
  const ctx = e2eContext({ LOG_LEVEL: 'info', LOG_CAPTCHA_ANSWERS: '1' }, { engine: 'embedded' });

  it('cannot be dismissed, and after the change the user works normally', async () => {
    const admin = await apiSignIn(ctx, 'admin', 'admin123456');
    const put = await fetch(`${ctx.server.url}/api/system/SysConfig`, { method: 'PUT', headers: { authorization: admin, 'content-type': 'application/json' }, body: JSON.stringify({ mandatoryModificationOfInitialPassword: 1 }) });
    expect(((await put.json()) as { code: number }).code).toBe(200);

    const page = await newPage(ctx);
    await signInThroughPage(page, 'pengfei', 'demo123456');
    await page.waitForURL(/\/home$/);
    const dialog = page.locator('.lc-forced-password .ant-modal-content');
    await dialog.waitFor();
    // No close button; Escape and a click on the mask leave it open; the page behind cannot be reached.
    expect(await dialog.locator('.ant-modal-close').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(20, 450);
    // A dialog that closed would have faded out by the time nothing moves.
    await settled(page);
    expect(await dialog.isVisible()).toBe(true);
    await page.goto('/dashboard');
    await dialog.waitFor();

    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    await field('旧密码').fill('demo123456');
    await field('新密码').fill('Reagent2026');
    await field('重复密码').fill('Reagent2026');
    const captchaId = new URL((await dialog.locator('img.lc-captcha').getAttribute('src'))!, ctx.server.url).pathname.split('/').pop()!;
    await expect.poll(() => captchaAnswer(ctx, captchaId)).toMatch(/^\w{4}$/);
    await dialog.getByPlaceholder('请输入验证码').fill(captchaAnswer(ctx, captchaId)!);
    await dialog.getByTestId('password-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    // Works as usual: the portal opens, a reload does not bring the dialog back, nor does the next sign-in.
    await page.getByTestId('dashboard-card-notice').waitFor();
    await page.reload();
    await page.getByTestId('dashboard-card-notice').waitFor();
    await idle(page);
    expect(await page.locator('.lc-forced-password .ant-modal-content').count()).toBe(0);
    await page.close();

    const again = await newPage(ctx);
    await signInThroughPage(again, 'pengfei', 'Reagent2026');
    await again.waitForURL(/\/home$/);
    await again.getByTestId('notice-bell').waitFor();
    await idle(again);
    expect(await again.locator('.lc-forced-password .ant-modal-content').count()).toBe(0);
    await again.close();
  });
});
