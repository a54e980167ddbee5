import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { chromium, type Browser, type Locator, type Page, type Request } from 'playwright-core';
import { CHROMIUM, CHROMIUM_PACKAGES } from '../chromium.js';
import { throwawayDatabase } from '../throwawayDatabase.js';
import { ROOT, randomPort, startServerProcess, type ServerProcess } from '../serverProcess.js';
import { hashPasswordForTransport } from '../../../src/shared/passwordHash.js';
import { PRODUCT_STORAGE_PREFIX } from '../../../src/shared/constants.js';

/**
 * End-to-end fixture: the built app served by the real server on a fresh database of its own (a copy of the seeded
 * embedded one, or a clone of the seeded PostgreSQL template when TEST_DATABASE_URL is set), and Debian's Chromium
 * driven by playwright-core (no browser download: see ../chromium.ts).
 */
export { CHROMIUM };
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface E2EContext {
  server: ServerProcess;
  browser: Browser;
  dataDir: string;
  /** How the file's pages browse: 'reduce' (antd's animations off) unless the file asks for the animated app. */
  motion: Motion;
  close(): Promise<void>;
}

/** 'reduce': a person who asked for less motion (most files); 'no-preference': the app as it animates by default. */
export type Motion = 'reduce' | 'no-preference';

/**
 * How a file's server and pages run. `engine`: 'embedded' keeps PGlite even where TEST_DATABASE_URL gives the run a
 * PostgreSQL (the file whose subject is the default start, and those reading captcha answers from the server's log,
 * which it writes on the embedded database only); otherwise the server runs on a clone of the seeded
 * PostgreSQL template when there is one (e2eTemplate.ts), and on a copy of the seeded embedded database when not.
 */
export interface E2EOptions {
  port?: number;
  motion?: Motion;
  engine?: 'embedded' | 'any';
}

export async function startE2E(env: Record<string, string> = {}, { port = randomPort(), motion = 'reduce', engine = 'any' }: E2EOptions = {}): Promise<E2EContext> {
  if (!fs.existsSync(path.join(ROOT, 'dist/client/index.html'))) throw new Error('dist/client is missing: the e2e project runs after vite build (npm test does both)');
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install ${CHROMIUM_PACKAGES.join(' ')}, or set CHROMIUM_PATH`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-e2e-'));
  // A copy of the seeded database the project's global setup made (tests/support/e2eTemplate.ts), and its bundle.
  const postgresTemplate = inject('e2ePostgresTemplate');
  let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  let server: ServerProcess | undefined;
  // Whatever was made goes again, whether the file ends or its start fails half-way (a port taken, say).
  const cleanUp = async () => {
    await server?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (postgresTemplate && engine === 'any' && env.DATABASE_URL === undefined) database = await throwawayDatabase(process.env.TEST_DATABASE_URL!, 'e2e', postgresTemplate);
    const template = inject('e2eDataTemplate');
    if (template && !database) fs.cpSync(template, dataDir, { recursive: true });
    server = await startServerProcess({
      port,
      dataDir,
      entry: inject('serverEntry'),
      env: { CLIENT_DIR: path.join(ROOT, 'dist/client'), ...(database ? { DATABASE_URL: database.url } : {}), ...env },
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const browser = await workerBrowser();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return {
    server,
    browser,
    dataDir,
    motion,
    async close() {
      try {
        // The browser stays for the worker's next file. Its files run one after another, so every context in it is
        // this file's: they go.
        await Promise.all(browser.contexts().map((context) => context.close()));
      } finally {
        await cleanUp();
      }
    },
  };
}

/**
 * One Chromium per test worker, which its files use one after another (the e2e project shares a worker's modules
 * between files: isolate false); each file closes the contexts in it when it ends. Launching one cost 0.6 s a file.
 * A browser that crashed, was closed or failed to launch is launched anew for the next file.
 *
 * Its pages run JavaScript without V8's top compiler (TurboFan), and hand a function to the middle one (Maglev) only
 * after 4,000 calls rather than 400: a page in a test lives seconds, and compiling its warm functions again, in the
 * renderer's background threads, cost more than it saved. The few truly hot loops (hashing a 40 MB upload) still get
 * Maglev; with neither compiler the upload file took 83 s instead of 65. Measured on the 2-core machine, the
 * notices and organisation files, Chromium's CPU: 68 core-seconds on average over six runs with V8's defaults, 51
 * over two with these flags (decision 201). The app's behaviour is the same code's; its speed is measured by the benchmarks,
 * in a browser with every tier (tests/bench).
 */
const JS_FLAGS = '--js-flags=--no-opt --invocation-count-for-maglev=4000';

let launched: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  launched ??= chromium
    .launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', JS_FLAGS],
    })
    .then(
      (browser) => {
        browser.on('disconnected', () => (launched = undefined));
        return browser;
      },
      (error: unknown) => {
        launched = undefined;
        throw error;
      },
    );
  return launched;
}

/**
 * A page in a fresh browser context. Most files browse as a person who asked their system for less motion: the app
 * then turns antd's animations off (usePrefersReducedMotion.ts), the same page without its slides, which were most
 * of Chromium's work in a test (40 s of CPU against the server's 10 s in the mall tests). A file may browse the
 * animated app (e2eContext's motion), and a test may ask it for one page (`motion`): the shell's tests of the
 * settings drawer and of the tabs' menus do, so the default path is still clicked through.
 */
export async function newPage(ctx: E2EContext, viewport = DESKTOP, locale = 'zh-CN', motion: Motion = ctx.motion): Promise<Page> {
  const context = await ctx.browser.newContext({ viewport, locale, baseURL: ctx.server.url, reducedMotion: motion });
  return trackRequests(await context.newPage());
}

/** The HTTP requests each tracked page has sent and that have not answered or failed yet (for idle). */
const requestsInFlight = new WeakMap<Page, Set<Request>>();

/** The last API calls of each tracked page and what they answered, for the report of a failed test. */
const recentCalls = new WeakMap<Page, string[]>();
const RECENT_CALLS = 15;

/**
 * Counts a page's requests in flight from now on, so idle(page) can wait for them, and keeps its last API calls for
 * the report of a failed test (e2eContext); newPage does it for its pages.
 */
export function trackRequests(page: Page): Page {
  const open = new Set<Request>();
  const calls: string[] = [];
  const note = (request: Request, outcome: string) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    calls.push(`${new Date().toISOString().slice(11, 23)} ${request.method()} ${url.pathname} → ${outcome}`);
    if (calls.length > RECENT_CALLS) calls.shift();
  };
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => {
    open.delete(request);
    // Envelopes answer HTTP 200 (decision 001): a change's answer says its code and message too. Reads are many and
    // their bodies large, so only their status is kept.
    void (async () => {
      const response = await request.response();
      const status = String(response?.status() ?? '?');
      if (!response || request.method() === 'GET') return note(request, status);
      const body = await response.text().catch(() => '');
      note(request, `${status} ${body.slice(0, 120)}`);
    })().catch(() => undefined);
  });
  page.on('requestfailed', (request) => {
    open.delete(request);
    note(request, `failed (${request.failure()?.errorText ?? '?'})`);
  });
  requestsInFlight.set(page, open);
  recentCalls.set(page, calls);
  return page;
}

/**
 * What the open pages showed when a test failed: each page's address, the toasts and dialogs on it, its last API
 * calls with their answers and those still unanswered, then what the server last logged; printed with the failure,
 * so that a failure in CI, where nobody can look at the page, says where it stood.
 */
async function reportPages({ browser, server }: E2EContext): Promise<void> {
  const lines: string[] = [];
  for (const page of browser.contexts().flatMap((context) => context.pages())) {
    if (page.isClosed()) continue;
    const texts = (selector: string) =>
      page
        .locator(selector)
        .allTextContents()
        .catch(() => [] as string[]);
    const toasts = await texts('.ant-message-notice, .ant-notification-notice');
    // Dialogs open over the page (a confirmation still waiting, or one the test did not expect).
    const dialogs = await texts('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
    lines.push(`page ${page.url()}${toasts.length ? `, toasts: ${toasts.join(' | ')}` : ''}`);
    for (const dialog of dialogs) lines.push(`  dialog: ${dialog.slice(0, 200)}`);
    for (const call of recentCalls.get(page) ?? []) lines.push(`  ${call}`);
    // Calls sent and not answered yet: a change that hangs shows here, not among the answered ones.
    for (const request of requestsInFlight.get(page) ?? []) {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) lines.push(`  ${request.method()} ${pathname} → no answer yet`);
    }
  }
  if (lines.length) console.error(`Open pages when the test failed:\n${lines.join('\n')}`);
  // The server logs warnings and errors only (LOG_LEVEL warn): what it said after its start-up lines, if anything.
  const output = server.output();
  const started = output.indexOf('LabCode is running');
  const said = (started < 0 ? output : output.slice(output.indexOf('\n', started) + 1)).replace(/^(Applied migrations|Seeded the demo data).*$/gm, '').trim();
  if (said) console.error(`The server's last output:\n${said.slice(-3000)}`);
}

/** Signs in through the real page, as a person does: type, click, wait for the home page. */
export async function signInThroughPage(page: Page, account: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Signs in as the tests of other subjects do, and lands on `landing` (the home page unless said): the token from the
 * real Login call (the page's own request context, so the server sees the browser's headers), put where the app
 * keeps it, then straight to `landing`. Saves loading the sign-in page and typing into it (a second of Chromium's
 * time per sign-in). The sign-in page itself is clicked through by the files whose subject it is or what it applies:
 * sign-in, sign-in modes, lock screen, remote sign-out, password policy, language, and the shell's check that a
 * page sign-in applies the layout saved on the profile (signInThroughPage). No layout is applied here: the app shows
 * the one stored in the browser, or the default.
 */
export async function signIn(page: Page, account: string, password: string, landing = '/home', stored: Record<string, string> = {}): Promise<void> {
  const response = await page.request.post('/api/oauth/Login', { form: loginForm(account, password) });
  const token = tokenOf(account, await response.json());
  // A same-origin answer that boots no app, so the token is there before the app's first start, and with it what
  // the browser had kept from earlier visits when the test says so (`stored`: a layout chosen before, say).
  await page.goto('/api/health');
  await page.evaluate((entries) => entries.forEach(([key, value]) => window.localStorage.setItem(key, value)), [[PRODUCT_STORAGE_PREFIX + 'token', token], ...Object.entries(stored)]);
  // Straight to the page the test opens next (a person's bookmark), not /home and then there: one start of the app.
  await page.goto(landing);
}

/** Frames in a row without motion before a page counts as still: rc-motion starts a motion a few frames after the change asking for it. */
const STILL_FRAMES = 6;

/**
 * Waits until nothing on the page moves: no CSS animation or transition running for STILL_FRAMES animation frames
 * in a row (antd's rc-motion slides drawers, zooms dialogs and fades toasts and menus with them; Chromium lists both
 * in document.getAnimations()), and the page's fonts loaded. The frames in a row let a motion that a click has just
 * asked for start before the page counts as still. Endless animations (a spinner, a progress bar's shimmer, a
 * status dot) never stop and are not waited for.
 */
export async function settled(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    (window as unknown as { __lcStillFrames: number }).__lcStillFrames = 0;
  });
  await page.waitForFunction(
    (frames) => {
      const still = window as unknown as { __lcStillFrames?: number };
      const moving = document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      still.__lcStillFrames = moving ? 0 : (still.__lcStillFrames ?? 0) + 1;
      return still.__lcStillFrames >= frames;
    },
    STILL_FRAMES,
    { polling: 'raf', timeout: options.timeout },
  );
}

/**
 * Waits until the page has done what it set off: no request in flight, nothing moving, and still no request once
 * it stood still. What a page would show only after loading something (code split off, an answer) has shown by
 * then, so a check that something is not there is made after it. The page is one from newPage (or trackRequests).
 */
export async function idle(page: Page): Promise<void> {
  const open = requestsInFlight.get(page);
  if (!open) throw new Error('idle(page) needs a page whose requests are tracked: one from newPage, or trackRequests(page)');
  do {
    await expect.poll(() => open.size, { timeout: 30_000 }).toBe(0);
    await settled(page);
  } while (open.size > 0);
}

/** Pictures are taken when the run asks for them: `SCREENSHOTS=1 npm test`, or one file's run. */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const DOCS_SCREENSHOT_DIR = path.join(ROOT, 'docs', 'screenshots');

/**
 * A picture of the viewport, taken once nothing moves (settled; `settle: false` for a passing state), in
 * test-results/screenshots, and with `docs` in docs/screenshots too, where the README and the docs show it. Pictures
 * are for people, so a run nobody looks at (CI) takes none: capturing and encoding the run's ~110 pictures cost a
 * tenth of the end-to-end project's time. The page settles either way, so a test takes the same steps with and
 * without them.
 */
export async function screenshot(page: Page, name: string, { docs = false, settle = true }: { docs?: boolean; settle?: boolean } = {}): Promise<void> {
  if (settle) await settled(page);
  if (!SCREENSHOTS) return;
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  if (docs) fs.copyFileSync(file, path.join(DOCS_SCREENSHOT_DIR, `${name}.png`));
}

/** The page does not scroll sideways: nothing is laid out past the viewport's right edge. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide in a ${innerWidth} px viewport`).toBeLessThanOrEqual(innerWidth);
}

/**
 * The element is shown and lies across the viewport's width (left edge at or right of 0, right edge at or left of
 * the viewport's), its top inside the viewport; `whole` asks its bottom to be inside too. Answers its box.
 */
export async function expectInViewport(locator: Locator, { whole = false }: { whole?: boolean } = {}): Promise<{ x: number; y: number; width: number; height: number }> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  const viewport = await locator.page().evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  expect(box, `${locator} has no box`).not.toBeNull();
  const { x, y, width, height } = box!;
  const where = `${locator} at x ${x}, y ${y}, ${width}×${height} in a ${viewport.width}×${viewport.height} viewport`;
  expect(width > 0 && height > 0, where).toBe(true);
  expect(x, where).toBeGreaterThanOrEqual(-0.5);
  expect(x + width, where).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(y, where).toBeGreaterThanOrEqual(-0.5);
  expect(y, where).toBeLessThan(viewport.height);
  if (whole) expect(y + height, where).toBeLessThanOrEqual(viewport.height + 0.5);
  return box!;
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
    body: new URLSearchParams(loginForm(account, password)).toString(),
  });
  return tokenOf(account, await response.json());
}

/** The form JNPF's Login call takes: the password hashed for transport as the clients send it. */
function loginForm(account: string, password: string): Record<string, string> {
  return { account, password: hashPasswordForTransport(password), grant_type: 'password' };
}

/** The token of a Login answer, or an error naming the account and the server's message. */
function tokenOf(account: string, answer: unknown): string {
  const body = answer as { code: number; msg: string; data: { token: string } | null };
  if (body.code !== 200 || !body.data) throw new Error(`sign-in of ${account} failed: ${body.msg}`);
  return body.data.token;
}

/**
 * Prints what the open pages showed when one of the file's tests fails (reportPages). e2eContext does it for its
 * files; a file that starts its context itself (startE2E) calls it with a getter of that context.
 */
export function reportFailures(context: () => E2EContext | undefined): void {
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      const started = context();
      return started ? reportPages(started) : undefined;
    });
  });
}

/**
 * The e2e frame of a test file: the server and browser start before its tests and stop after them. The answer
 * stands for the context once started (read it inside tests, not at module level).
 */
export function e2eContext(env: Record<string, string> = {}, options: E2EOptions = {}): E2EContext {
  let started: E2EContext | undefined;
  beforeAll(async () => {
    started = await startE2E(env, options);
  });
  reportFailures(() => started);
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
