/**
 * The key-to-paint probe of the form benchmarks, in the page: for each keydown, the time until the frame after it
 * has been painted; while a dependent field is watched, also the time until its new value has been painted.
 * Installs `window.bench` and answers it. Self-contained (no imports, nothing from outside the function): the
 * benchmark page calls it, and tests/bench/formPages.ts puts its source into the app's pages.
 */
export function installKeyLatency() {
  /** Resolves after the next frame has been painted: a rAF, then a task queued from it. */
  const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));
  const latencies: number[] = [];
  const formulaLatencies: number[] = [];
  let watched: string | undefined;
  /** What a watched field shows: its input's value, or its text. */
  const shown = (selector: string) => {
    const element = document.querySelector(selector);
    if (!element) return undefined;
    const input = element instanceof HTMLInputElement ? element : element.querySelector('input');
    return input ? input.value : (element.textContent ?? '');
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
  const bench = {
    afterPaint,
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
  };
  (window as unknown as { bench: typeof bench }).bench = bench;
  return bench;
}
