import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics } from './infrastructure.js';

/**
 * The process's metrics in Prometheus's text format (prom-client), one registry per app: tests build many apps in
 * one process, and the library's global registry would mix them. Node's own figures (CPU, memory, event-loop delay,
 * garbage collection) come with it; the kernel adds the requests' (requestMetrics.ts) and the database pool's, and
 * modules add what only they know (open sockets, queued password hashes) through `gauge`.
 */
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
      new Gauge({ name: unique(name), help, registers: [registry], collect: async function (this: Gauge) { this.set(await read()); } });
    },
    labelledGauge(name, help, labelNames, read) {
      new Gauge({
        name: unique(name),
        help,
        labelNames,
        registers: [registry],
        collect: async function (this: Gauge) {
          this.reset();
          for (const { labels, value } of await read()) this.set(labels, value);
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
