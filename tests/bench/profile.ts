import fs from 'node:fs';
import { openBenchPage } from './benchPage.js';
import { selectors } from './form.js';

/**
 * `npx tsx tests/bench/profile.ts [runtime|formily|rjsf] [wide|table] [cell|top]`: a CPU profile of typing into the
 * benchmark form (after npm run bench has built dist/bench), printed as the functions with the most self time.
 * For finding where time goes; the figures themselves come from npm run bench.
 */
const [impl = 'runtime', scenario = 'table', target = 'cell'] = process.argv.slice(2);
// The benchmark's own selectors, so every implementation's field is found as npm run bench finds it.
const s = selectors[impl as keyof typeof selectors];
if (!s) throw new Error(`No implementation "${impl}": runtime, formily or rjsf`);
const { server, browser, page } = await openBenchPage(false);
await page.evaluate(([a, b]) => (window as any).bench.mount(a, b), [impl, scenario]);
const selector = scenario === 'wide' ? s.field : target === 'top' ? s.top : s.cell;
await page.locator(selector).first().click();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.evaluate(() => (window as any).bench.reset());
for (const key of (scenario === 'table' && target === 'top' ? 'abcdefghij' : '1234567890').repeat(Number(process.env.REPEAT ?? 1))) {
  await page.keyboard.press(key);
  await page.waitForTimeout(Number(process.env.KEY_GAP_MS ?? 150));
}
const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: any[]; samples: number[]; timeDeltas: number[] } };
const latencies = await page.evaluate(() => (window as any).bench.latencies as number[]);
// PROFILE_OUT keeps the whole profile (a .cpuprofile DevTools opens) for reading call trees.
if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const byName = new Map<string, number>();
for (const node of profile.nodes) {
  const frame = node.callFrame;
  const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
  byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0));
}
console.log('latencies', latencies.map((l) => Math.round(l)).join(' '));
for (const [name, micros] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}`);
// Who calls the hottest functions: self time of each, by its caller's caller chain (three frames up).
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
const label = (id: number | undefined) => (id === undefined ? '' : nodeById.get(id)!.callFrame.functionName || '(anonymous)');
for (const hot of (process.env.CALLERS ?? '').split(',').filter(Boolean)) {
  const chains = new Map<string, number>();
  for (const node of profile.nodes) {
    if (node.callFrame.functionName !== hot) continue;
    const p1 = parent.get(node.id);
    const p2 = p1 === undefined ? undefined : parent.get(p1);
    const p3 = p2 === undefined ? undefined : parent.get(p2);
    const chain = [label(p1), label(p2), label(p3)].join(' < ');
    chains.set(chain, (chains.get(chain) ?? 0) + (self.get(node.id) ?? 0));
  }
  console.log(`\ncallers of ${hot}:`);
  for (const [chain, micros] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`${(micros / 1000).toFixed(1).padStart(8)} ms  ${chain}`);
}
await browser.close();
server.close();
