import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// oidc-provider ships no types; the test uses its documented constructor and callback() only.
// @ts-expect-error no declaration file
import Provider from 'oidc-provider';
import { randomPort } from '../../support/serverProcess.js';
import { PHONE, apiSignIn, newPage, reportFailures, screenshot, startE2E, type E2EContext } from '../../support/e2e/browser.js';

/**
 * The sign-in modes of spec 000 §2 in Chromium: mobile verification code (read from the server log, where the
 * embedded SMS sender writes it), app scan (the test plays the mobile app through the API), single sign-on
 * against a real OpenID Connect provider (oidc-provider on 127.0.0.1), and the forced password change.
 */
describe('sign-in modes in Chromium', () => {
  let ctx: E2EContext;
  let provider: http.Server;
  const appPort = randomPort();
  const providerPort = randomPort();
  const issuer = `http://127.0.0.1:${providerPort}`;
  reportFailures(() => ctx);

  beforeAll(async () => {
    const oidc = new Provider(issuer, {
      clients: [
        {
          client_id: 'labcode',
          client_secret: 'labcode-test-secret',
          redirect_uris: [`http://127.0.0.1:${appPort}/api/oauth/sso/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      // The provider's users: any login name, whose preferred_username is that name.
      findAccount: async (_ctx: unknown, sub: string) => ({ accountId: sub, claims: async () => ({ sub, preferred_username: sub }) }),
      claims: { openid: ['sub'], profile: ['preferred_username'] },
      cookies: { keys: ['labcode-e2e-cookie-key'] },
    });
    provider = http.createServer(oidc.callback());
    await new Promise<void>((resolve) => provider.listen(providerPort, '127.0.0.1', resolve));
    ctx = await startE2E(
      { LOG_LEVEL: 'info', LOG_CAPTCHA_ANSWERS: '1', SSO_ISSUER: issuer, SSO_CLIENT_ID: 'labcode', SSO_CLIENT_SECRET: 'labcode-test-secret', PUBLIC_URL: `http://127.0.0.1:${appPort}` },
      // The embedded engine: the server logs captcha answers only there (LOG_CAPTCHA_ANSWERS), which the tests read.
      { port: appPort, engine: 'embedded' },
    );
  });
  afterAll(async () => {
    await ctx?.close();
    provider?.close();
  });

  it('signs in with a mobile verification code, with the 60 s resend countdown', async () => {
    const page = await newPage(ctx);
    await page.goto('/login?redirect=%2FsystemData%2Fdictionary');
    await page.getByRole('tab', { name: '手机登录' }).click();
    await page.getByPlaceholder('请输入手机号码').fill('1380000');
    await page.getByTestId('sms-send').click();
    await page.getByText('请输入正确的手机号码').waitFor();
    await page.getByPlaceholder('请输入手机号码').fill('13800000000');
    await page.getByTestId('sms-send').click();
    await page.getByTestId('sms-send').getByText(/重新发送（(60|59)s）/).waitFor();
    expect(await page.getByTestId('sms-send').isDisabled()).toBe(true);

    const sentCode = () => /SMS sign-in code for 13800000000: (\d{6})/.exec(ctx.server.output())?.[1];
    await expect.poll(sentCode).toMatch(/^\d{6}$/);
    const code = sentCode()!;
    await page.getByPlaceholder('请输入短信验证码').fill(code);
    await screenshot(page, 'login-sms-desktop');
    await page.getByTestId('sms-submit').click();
    await page.waitForURL(/\/systemData\/dictionary$/);
    await page.close();
  });

  it('signs in by app scan once the mobile app confirms the ticket', async () => {
    const page = await newPage(ctx, PHONE);
    await page.goto('/login');
    await page.getByRole('tab', { name: '扫码登录' }).click();
    const scan = page.getByTestId('scan-login');
    await scan.locator('svg').waitFor();
    const ticket = await scan.getAttribute('data-ticket');
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'login-scan-phone');

    // The mobile app, signed in as staff, reads the code and confirms.
    const appToken = await apiSignIn(ctx, 'staff', 'demo123456');
    const call = (path: string) => fetch(`${ctx.server.url}/api/oauth/ScanTicket/${ticket}/${path}`, { method: 'POST', headers: { authorization: appToken } }).then((r) => r.json());
    expect((await call('Scan')).code).toBe(200);
    await page.getByText('已扫描，请在手机上确认登录').waitFor();
    expect((await call('Confirm')).code).toBe(200);
    await page.waitForURL(/\/home$/);
    await page.getByTestId('welcome').getByText('王小明').waitFor();
    await page.close();
  });

  it('signs in through /sso with a real OpenID Connect provider', async () => {
    const page = await newPage(ctx);
    await page.goto('/login?redirect=%2Fsystem%2FbillRule');
    await page.getByTestId('sso-link').click();
    // The provider's own sign-in page (oidc-provider's development interaction).
    await page.waitForURL(new RegExp(`^${issuer}/`));
    await page.locator('input[name="login"]').fill('admin');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    // Consent, when the provider asks for it.
    const consent = page.getByRole('button', { name: 'Continue' });
    await Promise.race([consent.waitFor({ timeout: 15_000 }).then(() => consent.click()), page.waitForURL(/\/system\/billRule$/, { timeout: 15_000 })]).catch(() => undefined);
    await page.waitForURL(/\/system\/billRule$/);
    await page.getByTestId('user-menu').getByText('系统管理员').waitFor();
    await page.close();
  });

  it('explains an SSO identity without an account and does not sign in', async () => {
    const page = await newPage(ctx);
    await page.goto('/sso');
    await page.waitForURL(new RegExp(`^${issuer}/`));
    await page.locator('input[name="login"]').fill('nobody-here');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    const consent = page.getByRole('button', { name: 'Continue' });
    await Promise.race([consent.waitFor({ timeout: 15_000 }).then(() => consent.click()), page.getByTestId('sso-error').waitFor({ timeout: 15_000 })]).catch(() => undefined);
    await page.getByText('该身份在本平台没有对应的账号').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('labcode_token'))).toBeNull();
    await page.close();
  });

  it('forces a newcomer to change the initial password, enforcing the policy, before anything else', async () => {
    const page = await newPage(ctx);
    await page.goto('/login');
    await page.getByPlaceholder('请输入账号').fill('pengfei');
    await page.getByPlaceholder('请输入密码').fill('demo123456');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/home$/);
    const dialog = page.locator('.lc-forced-password .ant-modal-content');
    await dialog.waitFor();
    expect(await page.locator('.lc-forced-password .ant-modal').evaluate((el) => getComputedStyle(el).width)).toBe('600px');
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);

    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    await field('旧密码').fill('demo123456');
    await field('新密码').fill('abcdefgh');
    await field('重复密码').fill('abcdefg');
    await dialog.getByTestId('password-submit').click();
    await dialog.getByText('新密码必须包含数字').waitFor();
    await dialog.getByText('两次密码输入不一致').waitFor();
    await dialog.getByText('验证码不能为空').waitFor();
    await screenshot(page, 'forced-password-desktop');

    await field('新密码').fill('Lab2026pass');
    await field('重复密码').fill('Lab2026pass');
    // The captcha answer is what a person reads off the image; the test reads it from the database it belongs to.
    const captchaId = new URL((await dialog.locator('img.lc-captcha').getAttribute('src'))!, ctx.server.url).pathname.split('/').pop()!;
    await expect.poll(() => captchaAnswer(ctx, captchaId)).toMatch(/^\w{4}$/);
    await dialog.getByPlaceholder('请输入验证码').fill((await captchaAnswer(ctx, captchaId))!);
    await dialog.getByTestId('password-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await apiSignIn(ctx, 'pengfei', 'Lab2026pass')).toMatch(/^bearer /);
    await page.close();
  });
});

/** The captcha answer, from the server log (LOG_CAPTCHA_ANSWERS=1), as a person would read it off the image. */
async function captchaAnswer(ctx: E2EContext, id: string): Promise<string | undefined> {
  return new RegExp(`Captcha ${id}: (\\w+)`).exec(ctx.server.output())?.[1];
}
