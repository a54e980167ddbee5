import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

/**
 * The form-runtime benchmark of issue 3, in headless Chromium, one run. The same generated forms are mounted by
 * this runtime, by a hand-written @formily/react form and by @rjsf/core; the figures and their targets become the
 * "Form runtime" section of docs/benchmarks.md (raw figures in test-results/bench.json).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist/bench');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const IMPLS = ['runtime', 'formily', 'rjsf'] as const;
type Impl = (typeof IMPLS)[number];
const STEP_TIMEOUT_MS = 240_000;

const selectors: Record<Impl, { field: string; cell: string }> = {
  runtime: { field: '[data-field="f250"] input', cell: '[data-cell="2.c5"] input' },
  formily: { field: 'input[data-field="f250"]', cell: 'input[data-cell="2.c5"], [data-cell="2.c5"] input' },
  rjsf: { field: '#root_f250', cell: '#root_items_2_c5' },
};

function build(): void {
  const result = spawnSync('npx', ['vite', 'build', '-c', 'tests/bench/vite.config.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The benchmark page did not build');
}

function serve(): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const file = path.join(DIST, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(DIST) || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, close: () => server.close() })));
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values: number[]) => percentile(values, 50);

async function typeMeasured(page: Page, selector: string, keys: string): Promise<number[]> {
  const input = page.locator(selector).first();
  await input.click({ timeout: STEP_TIMEOUT_MS });
  await page.evaluate(() => (window as any).bench.reset());
  for (let i = 0; i < keys.length; i += 1) {
    await page.keyboard.press(keys[i]);
    // One keystroke at a time: the next goes only after this one has painted.
    await page.waitForFunction((n) => (window as any).bench.latencies.length >= n, i + 1, { timeout: STEP_TIMEOUT_MS, polling: 5 });
  }
  return page.evaluate(() => [...(window as any).bench.latencies] as number[]);
}

interface Figures {
  firstRender?: number;
  firstRenders?: number[];
  completeMount?: number;
  keystrokeP95?: number;
  cellEditP95?: number;
  keystrokes?: number;
  cellEdits?: number;
  error?: string;
}

/**
 * Two frame modes. display: Chromium as it paints for a 60 Hz screen, so every figure includes the wait for the
 * next refresh (uniform over 0–16.7 ms: its p95 alone is about 15.8 ms, for any implementation). work: frame
 * throttling off (--disable-gpu-vsync --disable-frame-rate-limit), so a figure is the work from the key to the
 * painted frame. Targets are judged on work figures; display figures are reported beside them.
 */
type Mode = 'work' | 'display';
const MODE_FLAGS: Record<Mode, string[]> = { work: ['--disable-gpu-vsync', '--disable-frame-rate-limit'], display: [] };

async function measure(url: string, mode: Mode): Promise<Record<string, Record<Impl, Figures>>> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...MODE_FLAGS[mode]],
  });
  const results: Record<string, Record<Impl, Figures>> = { wide: {} as Record<Impl, Figures>, table: {} as Record<Impl, Figures> };
  try {
    for (const scenario of ['wide', 'table'] as const) {
      for (const impl of IMPLS) {
        const figures: Figures = {};
        results[scenario][impl] = figures;
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        page.setDefaultTimeout(STEP_TIMEOUT_MS);
        try {
          await page.goto(url);
          const renders: number[] = [];
          const completes: number[] = [];
          // The wide form: five mounts on one page, the median reported (the first also warms the JIT up).
          // The sub-table: one mount, because the baselines take a minute to mount 20,000 fields.
          for (let i = 0; i < (scenario === 'wide' ? 5 : 1); i += 1) {
            const [painted, complete] = await page.evaluate(([a, b]) => (window as any).bench.mount(a, b), [impl, scenario] as const);
            renders.push(painted);
            completes.push(complete);
          }
          figures.firstRenders = renders.map((r) => Math.round(r));
          figures.firstRender = median(renders);
          figures.completeMount = median(completes);
          if (scenario === 'wide') {
            const latencies = await typeMeasured(page, selectors[impl].field, 'abcdefghij'.repeat(10));
            figures.keystrokes = latencies.length;
            figures.keystrokeP95 = percentile(latencies, 95);
          } else {
            const latencies = await typeMeasured(page, selectors[impl].cell, '1234567890'.repeat(6));
            figures.cellEdits = latencies.length;
            figures.cellEditP95 = percentile(latencies, 95);
          }
        } catch (error) {
          figures.error = error instanceof Error ? error.message.split('\n')[0].slice(0, 160) : String(error);
        } finally {
          await page.close();
        }
        console.log(mode, scenario, impl, JSON.stringify(figures));
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(1)} ms`);
const verdict = (ok: boolean | undefined) => (ok === undefined ? 'not measured' : ok ? 'met' : '**missed**');

function report(all: Record<Mode, Record<string, Record<Impl, Figures>>>): string {
  const { wide, table } = all.work;
  const chromiumVersion = execFileSync(CHROMIUM, ['--version']).toString().trim();
  const row = (label: string, pick: (f: Figures) => number | undefined, source: Record<Impl, Figures>) =>
    `| ${label} | ${IMPLS.map((impl) => (source[impl].error ? `failed: ${source[impl].error}` : ms(pick(source[impl])))).join(' | ')} |`;
  const lt = (a?: number, b?: number) => (a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b) ? undefined : a < b);
  const targets = [
    ['Keystroke-to-paint p95 on the 500-field form ≤ 16 ms', lt(wide.runtime.keystrokeP95, 16.0001)],
    ['Cell edit p95 on the 1,000 × 20 sub-table ≤ 50 ms', lt(table.runtime.cellEditP95, 50.0001)],
    ['First render (500 fields) within 1.25× of hand-written Formily', lt(wide.runtime.firstRender, (wide.formily.firstRender ?? NaN) * 1.25)],
    ['First render (sub-table) within 1.25× of hand-written Formily', lt(table.runtime.firstRender, (table.formily.firstRender ?? NaN) * 1.25)],
    ['Ahead of rjsf: first render, 500 fields', lt(wide.runtime.firstRender, wide.rjsf.firstRender)],
    ['Ahead of rjsf: keystroke p95', lt(wide.runtime.keystrokeP95, wide.rjsf.keystrokeP95)],
    ['Ahead of rjsf: first render, sub-table', lt(table.runtime.firstRender, table.rjsf.firstRender)],
    ['Ahead of rjsf: cell edit p95', lt(table.runtime.cellEditP95, table.rjsf.cellEditP95)],
  ] as const;
  const tables = (mode: Mode) => {
    const { wide: w, table: t } = all[mode];
    return `| 500-field form | runtime | formily | rjsf |
|---|---|---|---|
${row('First render (first paint)', (f) => f.firstRender, w)}
${row('Complete mount', (f) => f.completeMount, w)}
${row('Keystroke-to-paint p95', (f) => f.keystrokeP95, w)}

| 1,000 × 20 sub-table, 50 calculated fields | runtime | formily | rjsf |
|---|---|---|---|
${row('First render (first paint)', (f) => f.firstRender, t)}
${row('Complete mount', (f) => f.completeMount, t)}
${row('Cell edit p95', (f) => f.cellEditP95, t)}`;
  };
  return `## Form runtime (issue 3)

Figures are from one run in headless ${chromiumVersion} on this project's machine (${os.cpus().length} cores,
${Math.round(os.totalmem() / 2 ** 30)} GiB), production builds of React, measured ${new Date().toISOString().slice(0, 10)}.
\`tests/bench/profile.ts\` prints a CPU profile of typing into any of the forms, for finding where time goes.

Two generated forms, each mounted by three implementations:

- **runtime**: this project's form runtime rendering the generated JNPF definition (compile, registry, Formily);
- **formily**: the same fields written by hand with \`@formily/react\` and \`@formily/antd-v5\`;
- **rjsf**: \`@rjsf/core\` (its default theme, plain HTML inputs) on the equivalent JSON Schema.

The 500-field form mixes text (60 %), number (30 %) and select (10 %) fields. The sub-table has 1,000 rows × 20
number columns and 50 calculated fields over its columns (recalculated 100 ms after a change, outside the
measured keystroke). 100 keystrokes and 60 cell edits per figure. *First render* is from mounting to the frame after the form was first painted: the median of
five mounts on one page for the 500-field form, one mount for the sub-table. The runtime mounts forms of 80
fields or more progressively (the first 40 fields paint at once, the rest follow in idle frames; submit and
getValues finish the mount first), so *complete mount* is reported beside it; the baselines mount everything at
once. Typing starts after the complete mount. *Keystroke* and *cell edit* are real key presses into field 250 and
into row 3, column 6, each measured from keydown to the frame after it was painted; the next key goes only after.

### Work to paint (frame throttling off)

Chromium with \`--disable-gpu-vsync --disable-frame-rate-limit\`: a frame is produced as soon as there is
something to paint, so each figure is the work from the key to the painted frame. Targets are judged here: on a
60 Hz display the wait for the next refresh is uniform over 0–16.7 ms, so its p95 alone is about 15.8 ms whatever
the code does, and a "16 ms" target can only mean "the update fits in one frame".

${tables('work')}

### As displayed (60 Hz refresh)

The same measurements with Chromium's normal frame timing; every latency includes the wait for the next refresh.

${tables('display')}

### Targets

| Target (judged on work to paint) | Result |
|---|---|
${targets.map(([label, ok]) => `| ${label} | ${verdict(ok)} |`).join('\n')}

Run to run, on this shared 2-core machine, the same code moved by more than the margins here: over four runs
during development the runtime's keystroke p95 ranged 15–21 ms and its cell-edit p95 19–52 ms (with 60 and 25
samples), first paints of about 100 ms by ±30 ms. Read each figure with that spread in mind.

Raw figures: test-results/bench.json.
`;
}

/** Runs the benchmark and answers its section of docs/benchmarks.md. */
export async function benchForm(): Promise<string> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`);
  build();
  const server = await serve();
  try {
    const results = { work: await measure(server.url, 'work'), display: await measure(server.url, 'display') };
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'test-results/bench.json'), JSON.stringify(results, null, 2));
    return report(results);
  } finally {
    server.close();
  }
}
