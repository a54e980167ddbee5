import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { ComponentType } from 'react';
import { FormilyTable, FormilyWide } from './impl/formily.js';
import { RjsfTable, RjsfWide } from './impl/rjsf.js';
import { RuntimeTable, RuntimeWide } from './impl/runtime.js';
import { installKeyLatency } from './keyLatency.js';

/**
 * The benchmark page. The driver (tests/bench/run.ts) calls bench.mount(), then types into a field or cell and
 * reads bench.latencies: for each keydown, the time until the frame after it has been painted.
 */
const impls: Record<string, Record<string, ComponentType>> = {
  runtime: { wide: RuntimeWide, table: RuntimeTable },
  formily: { wide: FormilyWide, table: FormilyTable },
  rjsf: { wide: RjsfWide, table: RjsfTable },
};

let root: Root | undefined;
const bench = installKeyLatency();

Object.assign(bench, {
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
    const painted = await bench.afterPaint();
    while (host.querySelector('.jnpf-form[data-mounted="partial"]')) await bench.afterPaint();
    const complete = await bench.afterPaint();
    return [painted - start, Math.max(painted, complete) - start];
  },
});
