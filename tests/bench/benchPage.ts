import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BENCH_CHROMIUM } from '../support/chromium.js';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves a build of the benchmark page (dist/bench, or a copy of one) on a free local port. */
export async function serveBenchPage(dist: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = path.join(dist, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(dist) || !fs.existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close: () => server.close() };
}

/**
 * The profiling tools' shared start (profile.ts, profileMount.ts, trace.ts, traceMount.ts): serves dist/bench (or
 * BENCH_DIST) on a free local port and opens it in Chromium at 1440×900. `unthrottled` lifts the frame-rate limit,
 * so a figure is the work itself rather than the wait for the next refresh.
 */
export async function openBenchPage(unthrottled: boolean): Promise<{ server: { close: () => void }; browser: Browser; page: Page }> {
  const server = await serveBenchPage(path.resolve(process.env.BENCH_DIST ?? path.resolve(import.meta.dirname, '../../dist/bench')));
  const flags = unthrottled ? ['--disable-gpu-vsync', '--disable-frame-rate-limit'] : [];
  const browser = await chromium.launch({ executablePath: BENCH_CHROMIUM, args: ['--no-sandbox', '--disable-gpu', ...flags] });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(server.url);
  return { server, browser, page };
}
