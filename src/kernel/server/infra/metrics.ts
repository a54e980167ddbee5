import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics } from './infrastructure.js';

/**
 * The process's metrics in Prometheus's text format (prom-client), one registry per app: tests build many apps in
 * one process, and the library's global registry would mix them. Node's own figures (CPU, memory, event-loop delay,
 * garbage collection) come with it; the kernel adds the requests' (requestMetrics.ts) and the database pool's, and
 * modules add what only they know (open sockets, queued password hashes) through `gauge`.
 */
/** How long a gauge's reading may take before the scrape goes on without it. */
const READ_TIMEOUT_MS = 1000;

/**
 * A gauge's reading, or undefined when it fails or takes too long: prom-client waits for every metric, so one gauge
 * reading a database that is down would fail the whole scrape, hiding the pool and the event bus when they matter.
 */
async function reading<T>(read: () => T | Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([Promise.resolve().then(read), new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), READ_TIMEOUT_MS)))]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

export function createMetrics(): Metrics & { registry: Registry } {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const names = new Set<string>();
  const unique = (name: string) => {
    // Two modules naming one metric is a programming error, found at start rather than at the first scrape.
    if (names.has(name)) throw new Error(`metric ${name} is registered twice`);
    names.add(name);
    return name;
  };
  return {
    registry,
    gauge(name, help, read) {
      new Gauge({
        name: unique(name),
        help,
        registers: [registry],
        collect: async function (this: Gauge) {
          // Unread, it shows NaN (prom-client writes Nan, which Prometheus reads as NaN) rather than a false number.
          this.set((await reading(read)) ?? Number.NaN);
        },
      });
    },
    labelledGauge(name, help, labelNames, read) {
      new Gauge({
        name: unique(name),
        help,
        labelNames,
        registers: [registry],
        collect: async function (this: Gauge) {
          this.reset();
          for (const { labels, value } of (await reading(read)) ?? []) this.set(labels, value);
        },
      });
    },
    counter(name, help, labelNames) {
      const counter = new Counter({ name: unique(name), help, labelNames, registers: [registry] });
      return { inc: (labels, value = 1) => counter.inc(labels, value) };
    },
    histogram(name, help, labelNames, buckets) {
      const histogram = new Histogram({ name: unique(name), help, labelNames, buckets: [...buckets], registers: [registry] });
      return { observe: (labels, value) => histogram.observe(labels, value) };
    },
    async expose() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
