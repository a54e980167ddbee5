/**
 * How responsive a server stays under load: asks GET /api/health again as soon as each answer arrives, one ask at a
 * time, and keeps every answer's time. `stop()` ends it after `moreAsks` further answers (the load's tail is
 * still measured) and resolves with the times.
 */
export function startHealthProbe(baseUrl: string): { answered(): number; stop(moreAsks?: number): Promise<number[]> } {
  const times: number[] = [];
  let stopAt = Infinity;
  const running = (async () => {
    while (times.length < stopAt) {
      const started = performance.now();
      await fetch(`${baseUrl}/api/health`).then((r) => r.arrayBuffer());
      times.push(performance.now() - started);
    }
  })();
  return {
    answered: () => times.length,
    async stop(moreAsks = 0) {
      stopAt = times.length + moreAsks;
      await running;
      return times;
    },
  };
}
