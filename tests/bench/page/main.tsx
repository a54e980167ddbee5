import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { ComponentType } from 'react';
import { FormilyTable, FormilyWide } from './impl/formily.js';
import { RjsfTable, RjsfWide } from './impl/rjsf.js';
import { RuntimeTable, RuntimeWide } from './impl/runtime.js';

/**
 * The benchmark page. The driver (tests/bench/run.ts) calls bench.mount(), then types into a field or cell and
 * reads bench.latencies: for each keydown, the time until the frame after it has been painted.
 */
const impls: Record<string, Record<string, ComponentType>> = {
  runtime: { wide: RuntimeWide, table: RuntimeTable },
  formily: { wide: FormilyWide, table: FormilyTable },
  rjsf: { wide: RjsfWide, table: RjsfTable },
};

/** Resolves after the next frame has been painted: a rAF, then a task queued from it. */
const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

let root: Root | undefined;
const latencies: number[] = [];
/** For each keydown while a dependent field is watched: the time until its new value has been painted. */
const formulaLatencies: number[] = [];
let watched: string | undefined;

/** What a watched field shows: its input's value, or its text. */
const shown = (selector: string) => {
  const element = document.querySelector(selector);
  if (!element) return undefined;
  const input = element instanceof HTMLInputElement ? element : element.querySelector('input');
  return input ? input.value : element.textContent ?? '';
};

document.addEventListener(
  'keydown',
  () => {
    const start = performance.now();
    void afterPaint().then((end) => latencies.push(end - start));
    if (!watched) return;
    const selector = watched;
    const before = shown(selector);
    // Checked before every frame until the dependent field shows something else, then timed to that paint.
    const check = () => {
      if (shown(selector) !== before) void afterPaint().then((end) => formulaLatencies.push(end - start));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  },
  true,
);

Object.assign(window, {
  bench: {
    /** Answers [first paint, complete mount]: the runtime mounts large forms progressively; the others at once. */
    async mount(impl: string, scenario: string): Promise<[number, number]> {
      const Component = impls[impl]?.[scenario];
      if (!Component) throw new Error(`no ${impl}/${scenario}`);
      root?.unmount();
      const host = document.getElementById('root')!;
      host.innerHTML = '';
      root = createRoot(host);
      const start = performance.now();
      flushSync(() => root!.render(<Component />));
      const painted = await afterPaint();
      while (host.querySelector('.jnpf-form[data-mounted="partial"]')) await afterPaint();
      const complete = await afterPaint();
      return [painted - start, Math.max(painted, complete) - start];
    },
    latencies,
    formulaLatencies,
    /** Watch a dependent field (by selector) from the next keydown on; none to stop. */
    watch(selector?: string) {
      watched = selector;
    },
    reset() {
      latencies.length = 0;
      formulaLatencies.length = 0;
    },
  },
});
