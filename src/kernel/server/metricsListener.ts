import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './infra/infrastructure.js';

/**
 * METRICS_PORT (decision 230): Prometheus's text at GET /metrics on a port of its own, for a scraper that has no
 * session. Nothing else is served there, and it listens on METRICS_HOST (loopback by default), so reaching it is a
 * matter of the network rather than of an account. /api/metrics serves the same to administrators.
 */
export async function startMetricsListener(metrics: Metrics, port: number, host: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    if (pathname !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(pathname === '/metrics' ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' }).end(pathname === '/metrics' ? 'GET only\n' : 'metrics are at /metrics\n');
      return;
    }
    metrics.expose().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(request.method === 'HEAD' ? undefined : body),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics could not be read\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
