import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * The profiling tools' shared start (profile.ts, profileMount.ts, trace.ts, traceMount.ts): serves dist/bench (or
 * BENCH_DIST) on a free local port and opens it in Chromium at 1440×900. `unthrottled` lifts the frame-rate limit,
 * so a figure is the work itself rather than the wait for the next refresh.
 */
export async function openBenchPage(unthrottled: boolean): Promise<{ server: http.Server; browser: Browser; page: Page }> {
  const dist = process.env.BENCH_DIST ?? path.resolve(import.meta.dirname, '../../dist/bench');
  const server = http.createServer((req, res) => {
    const file = path.join(dist, req.url === '/' ? 'index.html' : path.normalize(req.url ?? ''));
    if (!file.startsWith(dist) || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  const flags = unthrottled ? ['--disable-gpu-vsync', '--disable-frame-rate-limit'] : [];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', ...flags] });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  return { server, browser, page };
}
