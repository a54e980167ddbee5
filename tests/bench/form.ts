import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { serveBenchPage } from './benchPage.js';
import { BENCH_CHROMIUM as CHROMIUM } from '../support/chromium.js';

/**
 * The form-runtime benchmark of issue 3, in headless Chromium, one run. The same generated forms are mounted by
 * this runtime, by a hand-written @formily/react form and by @rjsf/core; the figures and their targets become the
 * "Form runtime" section of docs/benchmarks.md (raw figures in test-results/bench.json).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist/bench');
const IMPLS = ['runtime', 'formily', 'rjsf'] as const;
type Impl = (typeof IMPLS)[number];
const STEP_TIMEOUT_MS = 240_000;

/** Where each implementation's fields are: a wide-form field, the table form's top-level field, a cell, a formula. */
export const selectors: Record<Impl, { field: string; top: string; cell: string; formula: string }> = {
  runtime: {
    field: '[data-field="f250"] input',
    top: '[data-field="title"] input',
    // The cell by its column, inside its table (issue 15): row 3, column c5. Clicked as a person clicks it: an idle
    // cell is text until it takes focus, then holds the number input the keys go to.
    cell: '[data-field="items"] [data-row="2"] [data-field="c5"]',
    formula: '[data-field="k5"]',
  },
  formily: { field: 'input[data-field="f250"]', top: '[data-field="title"] input', cell: 'input[data-cell="2.c5"], [data-cell="2.c5"] input', formula: '[data-field="k5"]' },
  rjsf: { field: '#root_f250', top: '#root_title', cell: '#root_items_2_c5', formula: '#root_k5' },
};
/** Rounds of the whole run (each implementation measured once per round, taking turns). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** BENCH_IMPLS=runtime measures only some implementations (while developing; the doc needs all three). */
const ONLY = (process.env.BENCH_IMPLS ?? '').split(',').filter(Boolean);
/** Key counts per figure; rjsf takes seconds a key on the sub-table form, so it gets fewer there. */
const KEYS = { field: 100, top: 100, cell: 60 };
const RJSF_TABLE_KEYS = { top: 10, cell: 10 };
/** Cell edits alternate Backspace and a digit, so every key changes the cell and the formula over its column. */
export const cellKeys = (count: number) => Array.from({ length: count }, (_, i) => (i % 2 === 0 ? 'Backspace' : String(1 + ((i >> 1) % 9))));

function build(): void {
  const result = spawnSync('npx', ['vite', 'build', '-c', 'tests/bench/vite.config.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The benchmark page did not build');
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values: number[]) => percentile(values, 50);

export async function typeMeasured(page: Page, selector: string, keys: string[], watch?: string): Promise<{ latencies: number[]; formula: number[] }> {
  await page.locator(selector).first().click({ timeout: STEP_TIMEOUT_MS });
  // To the end of what the click focused (the input itself, or the one a sub-table cell mounts on focus).
  await page.keyboard.press('End');
  await page.waitForTimeout(300);
  await page.evaluate((w) => {
    (window as any).bench.watch(w);
    (window as any).bench.reset();
  }, watch);
  for (let i = 0; i < keys.length; i += 1) {
    await page.keyboard.press(keys[i]);
    // One keystroke at a time: the next goes only after this one (and the formula it changes) has painted.
    await page.waitForFunction(
      ([n, w]) => (window as any).bench.latencies.length >= n && (!w || (window as any).bench.formulaLatencies.length >= n),
      [i + 1, Boolean(watch)] as const,
      { timeout: STEP_TIMEOUT_MS, polling: 5 },
    );
  }
  const result = await page.evaluate(() => ({ latencies: [...(window as any).bench.latencies] as number[], formula: [...(window as any).bench.formulaLatencies] as number[] }));
  await page.evaluate(() => (window as any).bench.watch(undefined));
  return result;
}

interface Figures {
  firstRender?: number;
  firstRenders?: number[];
  completeMount?: number;
  /** Wide form: a field; table form: the top-level text field. */
  keystrokes?: number[];
  cellEdits?: number[];
  formulas?: number[];
  error?: string;
}
type Round = Record<'wide' | 'table', Record<Impl, Figures>>;

/**
 * Two frame modes. display: Chromium as it paints for a 60 Hz screen, so every figure includes the wait for the
 * next refresh. Keys are typed one after the other's frame, so they do not land at random points of the refresh
 * interval: the wait depends on how long the last frame, the page's 5 ms poll and the driver's round trip took
 * (see the report's text). work: frame throttling off (--disable-gpu-vsync --disable-frame-rate-limit), so a
 * figure is the work from the key to the painted frame. Both are judged against the targets.
 */
type Mode = 'work' | 'display';
const MODE_FLAGS: Record<Mode, string[]> = { work: ['--disable-gpu-vsync', '--disable-frame-rate-limit'], display: [] };

async function measureRound(url: string, mode: Mode, impls: readonly Impl[]): Promise<Round> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...MODE_FLAGS[mode]],
  });
  const results: Round = { wide: {} as Record<Impl, Figures>, table: {} as Record<Impl, Figures> };
  try {
    for (const scenario of ['wide', 'table'] as const) {
      for (const impl of impls) {
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
          const s = selectors[impl];
          if (scenario === 'wide') {
            figures.keystrokes = (await typeMeasured(page, s.field, [...'abcdefghij'.repeat(KEYS.field / 10)])).latencies;
          } else {
            const few = impl === 'rjsf';
            figures.keystrokes = (await typeMeasured(page, s.top, [...'abcdefghij'.repeat((few ? RJSF_TABLE_KEYS.top : KEYS.top) / 10)])).latencies;
            const edits = await typeMeasured(page, s.cell, cellKeys(few ? RJSF_TABLE_KEYS.cell : KEYS.cell), s.formula);
            figures.cellEdits = edits.latencies;
            figures.formulas = edits.formula;
          }
        } catch (error) {
          figures.error = error instanceof Error ? error.message.split('\n')[0].slice(0, 160) : String(error);
        } finally {
          await page.close();
        }
        console.log(mode, scenario, impl, JSON.stringify({ ...figures, keystrokes: p95(figures.keystrokes), cellEdits: p95(figures.cellEdits), formulas: p95(figures.formulas) }));
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

const p95 = (values: number[] | undefined) => (values?.length ? Math.round(percentile(values, 95) * 10) / 10 : undefined);

/** One implementation's figures over all rounds: latencies pooled, mounts by their median, each with its range. */
interface Summary {
  firstRender?: number;
  completeMount?: number;
  completeRange?: [number, number];
  keystrokeP95?: number;
  keystrokeRange?: [number, number];
  keystrokes: number;
  cellEditP95?: number;
  cellEditRange?: [number, number];
  cellEdits: number;
  formulaP95?: number;
  formulaRange?: [number, number];
  formulas: number;
  error?: string;
}

function summarize(rounds: Figures[]): Summary {
  const ok = rounds.filter((r) => !r.error);
  const pool = (pick: (f: Figures) => number[] | undefined) => ok.flatMap((f) => pick(f) ?? []);
  const range = (values: (number | undefined)[]): [number, number] | undefined => {
    const defined = values.filter((v): v is number => v !== undefined && !Number.isNaN(v));
    return defined.length ? [Math.min(...defined), Math.max(...defined)] : undefined;
  };
  const med = (values: (number | undefined)[]) => {
    const defined = values.filter((v): v is number => v !== undefined);
    return defined.length ? median(defined) : undefined;
  };
  const latency = (pick: (f: Figures) => number[] | undefined) => {
    const pooled = pool(pick);
    return { p95: pooled.length ? percentile(pooled, 95) : undefined, range: range(ok.map((f) => p95(pick(f)))), count: pooled.length };
  };
  const keys = latency((f) => f.keystrokes);
  const cells = latency((f) => f.cellEdits);
  const formulas = latency((f) => f.formulas);
  return {
    firstRender: med(ok.map((f) => f.firstRender)),
    completeMount: med(ok.map((f) => f.completeMount)),
    completeRange: range(ok.map((f) => f.completeMount)),
    keystrokeP95: keys.p95,
    keystrokeRange: keys.range,
    keystrokes: keys.count,
    cellEditP95: cells.p95,
    cellEditRange: cells.range,
    cellEdits: cells.count,
    formulaP95: formulas.p95,
    formulaRange: formulas.range,
    formulas: formulas.count,
    error: ok.length === 0 ? rounds.find((r) => r.error)?.error : undefined,
  };
}

const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(1)} ms`);
const verdict = (ok: boolean | undefined) => (ok === undefined ? 'not measured' : ok ? 'met' : '**missed**');

function report(all: Record<Mode, Record<'wide' | 'table', Record<Impl, Summary>>>, rounds: number): string {
  const chromiumVersion = execFileSync(CHROMIUM, ['--version']).toString().trim();
  const span = (range?: [number, number]) => (range && rounds > 1 ? ` (${range[0].toFixed(0)}–${range[1].toFixed(0)})` : '');
  const cell = (summary: Summary, value: number | undefined, range?: [number, number], count?: number) =>
    summary.error ? `failed: ${summary.error}` : `${ms(value)}${span(range)}${count !== undefined ? `, n=${count}` : ''}`;
  const row = (label: string, source: Record<Impl, Summary>, pick: (s: Summary) => [number | undefined, ([number, number] | undefined)?, number?]) =>
    `| ${label} | ${IMPLS.map((impl) => (source[impl] ? cell(source[impl], ...pick(source[impl])) : 'not measured')).join(' | ')} |`;
  const tables = (mode: Mode) => {
    const { wide: w, table: t } = all[mode];
    return `| 500-field form | runtime | formily | rjsf |
|---|---|---|---|
${row('First render (first paint)', w, (s) => [s.firstRender])}
${row('Complete mount (every field in the DOM)', w, (s) => [s.completeMount, s.completeRange])}
${row('Keystroke-to-paint p95', w, (s) => [s.keystrokeP95, s.keystrokeRange, s.keystrokes])}

| 1,000 × 20 sub-table, 50 calculated fields | runtime | formily | rjsf |
|---|---|---|---|
${row('First render (first paint)', t, (s) => [s.firstRender])}
${row('Complete mount', t, (s) => [s.completeMount, s.completeRange])}
${row('Keystroke-to-paint p95, top-level text field', t, (s) => [s.keystrokeP95, s.keystrokeRange, s.keystrokes])}
${row('Cell edit p95 (cell found by data-field)', t, (s) => [s.cellEditP95, s.cellEditRange, s.cellEdits])}
${row('Dependent formula p95 (incl. 100 ms debounce)', t, (s) => [s.formulaP95, s.formulaRange, s.formulas])}`;
  };
  const le = (a?: number, b?: number) => (a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b) ? undefined : a <= b);
  const targets: [string, (m: Mode) => boolean | undefined][] = [
    ['Keystroke-to-paint p95 ≤ 16.7 ms, 500-field form', (m) => le(all[m].wide.runtime?.keystrokeP95, 16.7)],
    ['Keystroke-to-paint p95 ≤ 16.7 ms, top-level field of the 1,000 × 20 form', (m) => le(all[m].table.runtime?.keystrokeP95, 16.7)],
    ['Keystroke p95 ahead of hand-written Formily, 500-field form', (m) => le(all[m].wide.runtime?.keystrokeP95, all[m].wide.formily?.keystrokeP95)],
    ['Keystroke p95 ahead of hand-written Formily, 1,000 × 20 form', (m) => le(all[m].table.runtime?.keystrokeP95, all[m].table.formily?.keystrokeP95)],
    ['Complete mount, 500 fields, within 1.0× hand-written Formily', (m) => le(all[m].wide.runtime?.completeMount, all[m].wide.formily?.completeMount)],
    ['Cell edit p95 ≤ 50 ms, 1,000 × 20', (m) => le(all[m].table.runtime?.cellEditP95, 50)],
    ['Dependent formula p95 ≤ 150 ms incl. the 100 ms debounce', (m) => le(all[m].table.runtime?.formulaP95, 150)],
    ['First render (sub-table) within 1.25× hand-written Formily (issue 3)', (m) => le(all[m].table.runtime?.firstRender, (all[m].table.formily?.firstRender ?? NaN) * 1.25)],
    ['Ahead of rjsf: complete mount, 500 fields (issue 3)', (m) => le(all[m].wide.runtime?.completeMount, all[m].wide.rjsf?.completeMount)],
  ];
  return `## Form runtime (issues 3 and 15)

Figures are from one \`npm run bench\` run in headless ${chromiumVersion} on this project's machine
(${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, shared with other work: load average ${os.loadavg()[0].toFixed(1)} at the end), production builds of
React, measured ${new Date().toISOString().slice(0, 10)}. The run takes ${rounds} round${rounds > 1 ? 's' : ''} in each frame mode; in a round every implementation
is measured once on a fresh page, taking turns. Latency p95s pool the samples of all rounds (n = samples) and
show the range of the per-round p95s in brackets; mounts show the median round and the range. The machine is
shared, so figures move from run to run: read each beside its range.
\`tests/bench/profile.ts\` prints a CPU profile of typing into any of the forms, for finding where time goes.

Two generated forms, each mounted by three implementations:

- **runtime**: this project's form runtime rendering the generated JNPF definition (compile, registry, Formily);
- **formily**: the same fields written by hand with \`@formily/react\` and \`@formily/antd-v5\` (Formily 2.3);
- **rjsf**: \`@rjsf/core\` (its default theme, plain HTML inputs) on the equivalent JSON Schema.

The 500-field form mixes text (60 %), number (30 %) and select (10 %) fields. The sub-table form has a
top-level text field, then 1,000 rows × 20 number columns and 50 calculated fields over its columns
(recalculated 100 ms after a change). *First render* is from mounting to the frame after the form was first
painted; the runtime mounts forms of 80 fields or more progressively (the first screenful paints at once, the
rest follow in idle frames), so *complete mount* — every field in the DOM — is what is compared. The 500-field
form is mounted five times on one page (median), the sub-table form once. Typing starts after the complete mount.
Every latency is a real key press, measured from keydown to the frame after it was painted; the next key goes
only after. *Keystroke*: ${KEYS.field} letters into field 250, and ${KEYS.top} into the table form's top-level field.
*Cell edit*: ${KEYS.cell} keys into row 3, column 6 (found by \`[data-field="items"] [data-row="2"] [data-field="c5"]\`),
Backspace and a digit in turn so every key changes the value; *dependent formula*: for the same keys, keydown
to the frame that paints the new value of the calculated field over that column, debounce included. rjsf takes
seconds a key on the sub-table form, so it gets ${RJSF_TABLE_KEYS.top} keys there per round.

### Work to paint (frame throttling off)

Chromium with \`--disable-gpu-vsync --disable-frame-rate-limit\`: a frame is produced as soon as there is
something to paint, so each figure is the work from the key to the painted frame.

${tables('work')}

### As displayed (60 Hz refresh)

Chromium's normal frame timing: a change is painted at the next refresh, so every latency includes a wait for
it. Keys do not land at random points of the 16.7 ms refresh interval: each goes after the last key's frame has
been painted, the page's 5 ms poll has seen it and the driver has sent the next key, so a key usually lands some
milliseconds after a refresh and is painted at the next one (in 300 keys into the 500-field form, none took less
than 8 ms). A latency above 16.7 ms is mostly a cycle where that frame, the poll and the round trip together took
longer than one refresh interval, so the key landed just after a refresh and waited for the one after. These
figures therefore move with the machine's load more than the work figures do: read each beside its per-round
range.

${tables('display')}

### Targets

| Target | Work to paint | As displayed |
|---|---|---|
${targets.map(([label, ok]) => `| ${label} | ${verdict(ok('work'))} | ${verdict(ok('display'))} |`).join('\n')}

Raw figures: test-results/bench.json.
`;
}

/** Runs the benchmark and answers its section of docs/benchmarks.md. */
export async function benchForm(): Promise<string> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`);
  build();
  const server = await serveBenchPage(DIST);
  const impls = IMPLS.filter((impl) => ONLY.length === 0 || ONLY.includes(impl));
  try {
    const raw: Record<Mode, Round[]> = { work: [], display: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const mode of ['work', 'display'] as const) raw[mode].push(await measureRound(server.url, mode, impls));
    }
    const summary = (mode: Mode) =>
      Object.fromEntries(
        (['wide', 'table'] as const).map((scenario) => [scenario, Object.fromEntries(impls.map((impl) => [impl, summarize(raw[mode].map((r) => r[scenario][impl]))]))]),
      ) as Record<'wide' | 'table', Record<Impl, Summary>>;
    const all = { work: summary('work'), display: summary('display') };
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'test-results/bench.json'), JSON.stringify({ summary: all, rounds: raw }, null, 2));
    return report(all, ROUNDS);
  } finally {
    server.close();
  }
}
