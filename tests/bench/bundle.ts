import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { randomPort, startServerProcess } from '../support/serverProcess.js';
import { BENCH_CHROMIUM as CHROMIUM } from '../support/chromium.js';

/**
 * Initial JavaScript of the staff route (issue 15): the production web app, served by the real server on a fresh
 * embedded database; the staff account signs in through the page, then a fresh page of the same browser opens the
 * app at its address, as a returning member of staff does, and every script it fetches until the network is
 * quiet is counted, each at its gzip size (level 9; the server sends files uncompressed, a proxy compresses them).
 * The build goes to dist/bundle-bench, so it never disturbs the app other tests serve from dist/client.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'dist/bundle-bench');
const TARGET_KB = 350;
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
/** kB of 1,000 bytes, as vite reports sizes and as the issue's figures are. */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export async function benchBundle(): Promise<string> {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web app did not build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labcode-bench-bundle-'));
  const server = await startServerProcess({ port: randomPort(), dataDir, env: { CLIENT_DIR: OUT } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL: server.url });
    const signIn = await context.newPage();
    await signIn.goto('/login');
    await signIn.getByPlaceholder('请输入账号').fill('staff');
    await signIn.getByPlaceholder('请输入密码').fill('demo123456');
    await signIn.getByTestId('login-submit').click();
    await signIn.waitForURL(/\/home$/, { timeout: 60_000 });
    await signIn.close();

    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js') && response.request().resourceType() === 'script') scripts.add(url.pathname);
    });
    await page.goto('/home', { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForTimeout(1000);
    const landed = new URL(page.url()).pathname;
    const files = [...scripts].map((pathname) => {
      const file = path.join(OUT, pathname);
      return { name: path.basename(pathname), raw: fs.statSync(file).size, gzip: gzipSize(file) };
    });
    files.sort((a, b) => b.gzip - a.gzip);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const all = fs.readdirSync(path.join(OUT, 'assets')).filter((name) => name.endsWith('.js'));
    const allGzip = all.reduce((sum, name) => sum + gzipSize(path.join(OUT, 'assets', name)), 0);
    return `## Initial JavaScript (issue 15)

The staff route: \`staff\` signs in through the page, then a fresh page of the same browser opens ${landed}; every
script it fetches until the network has been quiet for 500 ms, and a second more, is counted at its gzip size
(level 9). Production build (\`vite build\`), measured ${new Date().toISOString().slice(0, 10)}; sizes do not depend on the
machine's load.

| Script | Raw | gzip |
|---|---|---|
${files.map((f) => `| ${f.name.replace(/-[\w-]{8}\.js$/, '.js')} | ${kb(f.raw)} | ${kb(f.gzip)} |`).join('\n')}
| **total, ${files.length} scripts** | ${kb(files.reduce((s, f) => s + f.raw, 0))} | **${kb(total)}** |

The whole build holds ${all.length} scripts, ${kb(allGzip)} gzip together.

| Target | Result |
|---|---|
| Initial JavaScript of the staff route ≤ ${TARGET_KB} kB gzip | ${total <= TARGET_KB * 1000 ? 'met' : '**missed**'} (${kb(total)}) |
`;
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
