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
