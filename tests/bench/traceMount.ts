import { openBenchPage } from './benchPage.js';

/**
 * `npx tsx tests/bench/traceMount.ts [runtime|formily] [wide|table] [work|display]`: mounts the benchmark form five
 * times (as the benchmark does), then once more under a Chromium trace, and prints the mounts and the renderer main
 * thread's time by event during the traced one (script, style, layout, paint). Needs dist/bench.
 */
const [impl = 'runtime', scenario = 'wide', mode = 'work'] = process.argv.slice(2);
const { server, browser, page } = await openBenchPage(mode === 'work');
if (process.env.EXTRA_CSS) await page.addStyleTag({ content: process.env.EXTRA_CSS });
const mounts: string[] = [];
for (let i = 0; i < Number(process.env.MOUNTS ?? 5); i += 1) mounts.push((await page.evaluate(([a, b]) => (window as any).bench.mount(a, b), [impl, scenario])).map((m: number) => Math.round(m)).join('/'));
console.log('mounts [first paint/complete]', mounts.join(' '));
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink'] });
const traced = await page.evaluate(([a, b]) => (window as any).bench.mount(a, b), [impl, scenario]);
const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: any[] };
console.log('traced mount', traced.map((m: number) => Math.round(m)).join('/'));
const counts = new Map<string, number>();
for (const e of trace.traceEvents) if (e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'ProxyMain::BeginMainFrame') counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
const byName = new Map<string, { total: number; n: number }>();
for (const e of trace.traceEvents) {
  if (`${e.pid}:${e.tid}` !== main || e.ph !== 'X' || !e.dur) continue;
  const entry = byName.get(e.name) ?? { total: 0, n: 0 };
  entry.total += e.dur;
  entry.n += 1;
  byName.set(e.name, entry);
}
for (const [name, { total, n }] of [...byName].sort((a, b) => b[1].total - a[1].total).slice(0, 25)) console.log(`${(total / 1000).toFixed(1).padStart(8)} ms ${String(n).padStart(6)}  ${name}`);
await browser.close();
server.close();
