import fs from 'node:fs';
import { openBenchPage } from './benchPage.js';
import { selectors } from './form.js';

/**
 * `npx tsx tests/bench/trace.ts [runtime|formily] [wide|table] [top|cell] [work|display]`: types 30 keys as the
 * benchmark does (each after the last painted) under a Chromium trace, and prints the renderer main thread's time
 * by event (script, style, layout, paint, layerize…) a key, with the latencies. Where profile.ts shows script,
 * this shows the browser's own work around it. Needs dist/bench (npm run bench builds it).
 */
const [impl = 'runtime', scenario = 'wide', target = 'top', mode = 'work'] = process.argv.slice(2);
// The benchmark's own selectors, so every implementation's field is found as npm run bench finds it.
const s = selectors[impl as keyof typeof selectors];
if (!s) throw new Error(`No implementation "${impl}": runtime, formily or rjsf`);
const { server, browser, page } = await openBenchPage(mode === 'work');
if (process.env.EXTRA_CSS) await page.addStyleTag({ content: process.env.EXTRA_CSS });
const mounts = await page.evaluate(([a, b]) => (window as any).bench.mount(a, b), [impl, scenario]);
console.log('mount [first paint, complete]', mounts.map((m: number) => Math.round(m)).join(' '));
// EXTRA_SCRIPT runs in the page after the mount, e.g. to try an attribute on every input.
if (process.env.EXTRA_SCRIPT) await page.evaluate(process.env.EXTRA_SCRIPT);
const selector = scenario === 'wide' ? s.field : target === 'top' ? s.top : s.cell;
await page.locator(selector).first().click();
await page.keyboard.press('End');
await page.waitForTimeout(300);
const KEYS = Number(process.env.KEYS ?? 30);
// TRACE_CATEGORIES adds categories, e.g. v8,disabled-by-default-v8.gc to see collections. TRACE_ONLY replaces the
// list, e.g. devtools.timeline,toplevel,blink,cc: without the disabled-by-default timeline, JS calls are not
// traced one by one, so the browser's own phases read closer to their untraced cost.
const categories = process.env.TRACE_ONLY ? process.env.TRACE_ONLY.split(',') : ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'viz', ...(process.env.TRACE_CATEGORIES?.split(',') ?? [])];
await browser.startTracing(page, { categories });
await page.evaluate(() => (window as any).bench.reset());
for (let i = 0; i < KEYS; i += 1) {
  await page.keyboard.press(scenario === 'table' && target === 'cell' ? (i % 2 ? '5' : 'Backspace') : 'abcdefghij'[i % 10]);
  await page.waitForFunction((n) => (window as any).bench.latencies.length >= n, i + 1, { polling: 5 });
}
const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: any[] };
const latencies = await page.evaluate(() => (window as any).bench.latencies as number[]);
const sorted = [...latencies].sort((a, b) => a - b);
console.log('latencies', latencies.map((l) => Math.round(l)).join(' '));
console.log(`p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} p95 ${sorted[Math.ceil(sorted.length * 0.95) - 1].toFixed(1)}`);
// The renderer's main thread: the thread that ran the most EventDispatch.
const events = trace.traceEvents;
const counts = new Map<string, number>();
for (const e of events) if (e.name === 'EventDispatch') counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
const byName = new Map<string, { total: number; n: number }>();
for (const e of events) {
  if (`${e.pid}:${e.tid}` !== main || e.ph !== 'X' || !e.dur) continue;
  const entry = byName.get(e.name) ?? { total: 0, n: 0 };
  entry.total += e.dur;
  entry.n += 1;
  byName.set(e.name, entry);
}
console.log('main-thread events, ms a key (count a key):');
for (const [name, { total, n }] of [...byName].sort((a, b) => b[1].total - a[1].total).slice(0, 30)) console.log(`${(total / 1000 / KEYS).toFixed(2).padStart(8)}  ${(n / KEYS).toFixed(1).padStart(6)}  ${name}`);
if (process.env.TRACE_OUT) fs.writeFileSync(process.env.TRACE_OUT, JSON.stringify(trace));
await browser.close();
server.close();
