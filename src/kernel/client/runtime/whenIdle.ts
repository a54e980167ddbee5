/**
 * Runs `run` when the browser is idle, or after `timeout` ms at the latest; answers a cancel. Safari has no
 * requestIdleCallback: there, and outside a browser (tests), it runs on the next task.
 */
export function whenIdle(run: () => void, timeout: number): () => void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

/**
 * Runs `run` once the browser has painted what is on screen now and is idle (or `timeout` ms after that paint at
 * the latest); answers a cancel. An idle period can come before the next paint; scheduling from the frame's
 * animation callback puts it after.
 */
export function afterNextPaint(run: () => void, timeout: number): () => void {
  if (typeof window === 'undefined' || !('requestAnimationFrame' in window)) return whenIdle(run, timeout);
  let cancelIdle: (() => void) | undefined;
  const frame = window.requestAnimationFrame(() => (cancelIdle = whenIdle(run, timeout)));
  return () => {
    window.cancelAnimationFrame(frame);
    cancelIdle?.();
  };
}
