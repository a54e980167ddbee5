import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';

/**
 * `npx tsx tests/bench/abForm.ts <rounds> <distA> <distB> …`: an A/B of builds of the benchmark page (copies of
 * dist/bench made before and after a change), interleaved round by round in one browser, on the 1,000 × 20 form:
 * 100 keys in the top field and 40 cell edits each, printed per round and pooled. On a shared machine a figure
 * moves by a third with other tenants' load; builds taking turns see the same load, so their difference is the
 * change's. MODE=display keeps the 60 Hz frame timing. A build made before cells became text (decision 180) is
 * marked by a file named cell-input in its folder, and its cells are typed into as inputs.
 */
const [roundsArg = '3', ...dists] = process.argv.slice(2);
if (dists.length === 0) throw new Error('Give the rounds and at least one dist folder (a built tests/bench page)');

function serve(dist: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((request, response) => {
    const file = path.join(dist, request.url === '/' ? 'index.html' : path.normalize(request.url ?? ''));
    if (!file.startsWith(dist) || !fs.existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close: () => server.close() })));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const line = (top: number[], cell: number[]) =>
  `top p50 ${percentile(top, 50).toFixed(1)} p95 ${percentile(top, 95).toFixed(1)} | cell p50 ${percentile(cell, 50).toFixed(1)} p95 ${percentile(cell, 95).toFixed(1)}`;

const pooled = new Map<string, { top: number[]; cell: number[] }>(dists.map((dist) => [dist, { top: [], cell: [] }]));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', ...(process.env.MODE === 'display' ? [] : ['--disable-gpu-vsync', '--disable-frame-rate-limit'])],
});
try {
  for (let round = 0; round < Number(roundsArg); round += 1) {
    for (const dist of dists) {
      const { url, close } = await serve(path.resolve(dist));
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      try {
        await page.goto(url);
        await page.evaluate(() => (window as any).bench.mount('runtime', 'table'));
        // As tests/bench/form.ts types: click, End, then one key at a time, each after the last has painted.
        const type = async (selector: string, keys: string[]) => {
          await page.locator(selector).first().click();
          await page.keyboard.press('End');
          await page.waitForTimeout(300);
          await page.evaluate(() => (window as any).bench.reset());
          for (let i = 0; i < keys.length; i += 1) {
            await page.keyboard.press(keys[i]);
            await page.waitForFunction((n) => (window as any).bench.latencies.length >= n, i + 1, { polling: 5 });
          }
          return page.evaluate(() => [...(window as any).bench.latencies] as number[]);
        };
        const top = await type('[data-field="title"] input', [...'abcdefghij'.repeat(10)]);
        const cellSelector = `[data-field="items"] [data-row="2"] [data-field="c5"]${fs.existsSync(path.join(dist, 'cell-input')) ? ' input' : ''}`;
        const cell = await type(cellSelector, Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'Backspace' : String(1 + ((i >> 1) % 9)))));
        pooled.get(dist)!.top.push(...top);
        pooled.get(dist)!.cell.push(...cell);
        console.log(`round ${round + 1} ${path.basename(dist)}: ${line(top, cell)}`);
      } finally {
        await page.close();
        close();
      }
    }
  }
  for (const [dist, { top, cell }] of pooled) console.log(`pooled ${path.basename(dist)}: ${line(top, cell)}`);
} finally {
  await browser.close();
}
