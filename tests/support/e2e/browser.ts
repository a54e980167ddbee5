import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { ROOT, randomPort, startServerProcess, type ServerProcess } from '../serverProcess.js';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';

/**
 * End-to-end fixture: the built app served by the real server on a fresh embedded database, and Debian's
 * Chromium driven by playwright-core (no browser download: CHROMIUM_PATH or /usr/bin/chromium).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface E2EContext {
  server: ServerProcess;
  browser: Browser;
  dataDir: string;
  close(): Promise<void>;
}

export async function startE2E(env: Record<string, string> = {}, port = randomPort()): Promise<E2EContext> {
  if (!fs.existsSync(path.join(ROOT, 'dist/client/index.html'))) throw new Error('dist/client is missing: the e2e project runs after vite build (npm test does both)');
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-e2e-'));
  // A copy of the seeded database the project's global setup made (tests/support/e2eTemplate.ts), and its bundle.
  const template = inject('e2eDataTemplate');
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const server = await startServerProcess({ port, dataDir, entry: inject('e2eServerEntry') || undefined, env: { CLIENT_DIR: path.join(ROOT, 'dist/client'), ...env } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    server,
    browser,
    dataDir,
    async close() {
      await browser.close();
      server.child.kill('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function newPage(ctx: E2EContext, viewport = DESKTOP, locale = 'zh-CN'): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport, locale, baseURL: ctx.server.url });
  return context.newPage();
}

/** Signs in through the real page, as a person does: type, click, wait for the home page. */
export async function signInThroughPage(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * Types into a sub-table cell as a person does: idle text and number cells show text, and a click on the cell puts
 * its input there, focused (registry/components/cellText.ts). `cell` is data-cell's "<row>.<column>".
 */
export async function fillCell(table: Locator, cell: string, text: string): Promise<void> {
  await table.locator(`[data-cell="${cell}"]`).first().click();
  await table.locator(`[data-cell="${cell}"] input`).first().fill(text);
}

/** A token through the real Login call, as the mobile app or another tab would get one. */
export async function apiSignIn(ctx: E2EContext, account: string, password: string): Promise<string> {
  const response = await fetch(`${ctx.server.url}/api/oauth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ account, password: hashPasswordForTransport(password), grant_type: 'password' }).toString(),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { token: string } | null };
  if (body.code !== 200 || !body.data) throw new Error(`sign-in of ${account} failed: ${body.msg}`);
  return body.data.token;
}

/**
 * The e2e frame of a test file: the server and browser start before its tests and stop after them. The answer
 * stands for the context once started (read it inside tests, not at module level).
 */
export function e2eContext(env: Record<string, string> = {}, port?: number): E2EContext {
  let started: E2EContext | undefined;
  beforeAll(async () => {
    started = await startE2E(env, port);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as E2EContext, {
    get(_target, key) {
      if (!started) throw new Error('the e2e context is read before beforeAll started it');
      return started[key as keyof E2EContext];
    },
  });
}
