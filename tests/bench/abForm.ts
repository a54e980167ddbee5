import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serveBenchPage } from './benchPage.js';
import { cellKeys, percentile, selectors, typeMeasured } from './form.js';
import { BENCH_CHROMIUM } from '../support/chromium.js';

/**
 * `npx tsx tests/bench/abForm.ts <rounds> <distA> <distB> …`: an A/B of builds of the benchmark page (copies of
 * dist/bench made before and after a change), interleaved round by round in one browser, on the 1,000 × 20 form:
 * 100 keys in the top field and 40 cell edits each, typed as `npm run bench` types them, printed per round and
 * pooled. On a shared machine a figure moves by a third with other tenants' load; builds taking turns see the
 * same load, so their difference is the change's. MODE=display keeps the 60 Hz frame timing. A build made before
 * cells became text (decision 180) is marked by a file named cell-input in its folder, and its cells are typed
 * into as inputs. SCENARIO=wide measures the 500-field form instead: three complete mounts (their median) and
 * 100 keys in its field.
 */
const [roundsArg = '3', ...dists] = process.argv.slice(2);
if (dists.length === 0) throw new Error('Give the rounds and at least one dist folder (a built tests/bench page)');

const line = (top: number[], cell: number[]) =>
  `top p50 ${percentile(top, 50).toFixed(1)} p95 ${percentile(top, 95).toFixed(1)} | cell p50 ${percentile(cell, 50).toFixed(1)} p95 ${percentile(cell, 95).toFixed(1)}`;

const wide = process.env.SCENARIO === 'wide';
const median = (values: number[]) => percentile(values, 50);
const pooled = new Map<string, { top: number[]; cell: number[]; mounts: number[] }>(dists.map((dist) => [dist, { top: [], cell: [], mounts: [] }]));
const browser = await chromium.launch({
  executablePath: BENCH_CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', ...(process.env.MODE === 'display' ? [] : ['--disable-gpu-vsync', '--disable-frame-rate-limit'])],
});
try {
  for (let round = 0; round < Number(roundsArg); round += 1) {
    for (const dist of dists) {
      const server = await serveBenchPage(path.resolve(dist));
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      try {
        await page.goto(server.url);
        if (wide) {
          const mounts: number[] = [];
          for (let i = 0; i < 3; i += 1) mounts.push((await page.evaluate(() => (window as any).bench.mount('runtime', 'wide')))[1]);
          const keys = (await typeMeasured(page, selectors.runtime.field, [...'abcdefghij'.repeat(10)])).latencies;
          pooled.get(dist)!.top.push(...keys);
          pooled.get(dist)!.mounts.push(median(mounts));
          console.log(`round ${round + 1} ${path.basename(dist)}: field p50 ${percentile(keys, 50).toFixed(1)} p95 ${percentile(keys, 95).toFixed(1)} | complete mount ${mounts.map(Math.round).join(' ')}`);
          continue;
        }
        await page.evaluate(() => (window as any).bench.mount('runtime', 'table'));
        const top = (await typeMeasured(page, selectors.runtime.top, [...'abcdefghij'.repeat(10)])).latencies;
        const cellSelector = `${selectors.runtime.cell}${fs.existsSync(path.join(dist, 'cell-input')) ? ' input' : ''}`;
        const cell = (await typeMeasured(page, cellSelector, cellKeys(40))).latencies;
        pooled.get(dist)!.top.push(...top);
        pooled.get(dist)!.cell.push(...cell);
        console.log(`round ${round + 1} ${path.basename(dist)}: ${line(top, cell)}`);
      } finally {
        await page.close();
        server.close();
      }
    }
  }
  for (const [dist, { top, cell, mounts }] of pooled) {
    // On the wide form, top holds the field's keystrokes and mounts each round's median complete mount.
    const figures = wide ? `field p50 ${percentile(top, 50).toFixed(1)} p95 ${percentile(top, 95).toFixed(1)} | complete mount median ${median(mounts).toFixed(0)}` : line(top, cell);
    console.log(`pooled ${path.basename(dist)}: ${figures}`);
  }
} finally {
  await browser.close();
}
