import fs from 'node:fs';
import { openBenchPage } from './benchPage.js';

/**
 * `npx tsx tests/bench/profileMount.ts [runtime|formily] [wide|table]`: a CPU profile of the benchmark form's mount
 * (after four warm-up mounts), printed as the functions with the most self time and the most total time. Build
 * dist/bench with BENCH_MINIFY=0 for readable names.
 */
const [impl = 'runtime', scenario = 'wide'] = process.argv.slice(2);
const { server, browser, page } = await openBenchPage(true);
for (let i = 0; i < 4; i += 1) await page.evaluate(([a, b]) => (window as any).bench.mount(a, b), [impl, scenario]);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const mount = await page.evaluate(([a, b]) => (window as any).bench.mount(a, b), [impl, scenario]);
const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: any[]; samples: number[]; timeDeltas: number[] } };
if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
console.log('mount', mount.map((m: number) => Math.round(m)).join('/'));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const byName = new Map<string, number>();
for (const node of profile.nodes) {
  const name = `${node.callFrame.functionName || '(anonymous)'}:${node.callFrame.lineNumber}`;
  byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0));
}
for (const [name, micros] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}`);
await browser.close();
server.close();
