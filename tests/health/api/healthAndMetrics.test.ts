import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../src/kernel/server/db/database.js';
import { startMetricsListener } from '../../../src/kernel/server/metricsListener.js';
import { testApp, testDatabases, TEST_PASSWORDS } from '../../support/api/testDatabases.js';
import { tokenFor } from '../../support/api/signIn.js';

/** Liveness, readiness and Prometheus metrics (issue 36 item 5, decision 230). */
describe.each(testDatabases())('health and metrics on $name', (testDb) => {
  let database: Database;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    ({ database, drop } = await testDb.open());
    app = await testApp(database);
    admin = await tokenFor(app, 'admin', TEST_PASSWORDS.admin);
    staff = await tokenFor(app, 'staff', TEST_PASSWORDS.demoUser);
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
  /** The value of one sample line of Prometheus's text, e.g. `labcode_websockets{state="open"}`. */
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('answers live and ready without a session, and says what is not ready', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ code: 200, data: { status: 'live' } });
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 200, data: { status: 'ready', checks: { database: true, events: true } } });
  });

  it('is live but not ready once its database stops answering', async () => {
    const other = await testDb.open();
    const lonely = await testApp(other.database);
    try {
      await other.database.close();
      expect((await lonely.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await lonely.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 503, data: { status: 'unavailable', checks: { database: false } } });
      expect(ready.json().msg).toBeTruthy();
    } finally {
      await lonely.close().catch(() => undefined);
      await other.drop().catch(() => undefined);
    }
  });

  it('serves the metrics to administrators only', async () => {
    expect((await get('/api/metrics')).json().code).toBe(600);
    expect((await get('/api/metrics', staff)).json().code).toBe(403);
    const answer = await get('/api/metrics', admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by route pattern and status, envelope codes, and what modules report', async () => {
    const before = (await get('/api/metrics', admin)).body;
    // A refused call answers HTTP 200 with the envelope's 403: counted under the envelope code.
    await get('/api/metrics', staff);
    await get('/api/health/live');
    const text = (await get('/api/metrics', admin)).body;
    const liveSeries = 'labcode_http_requests_total{method="GET",route="/api/health/live",status="200"}';
    expect(sample(text, liveSeries)).toBe((sample(before, liveSeries) ?? 0) + 1);
    expect(sample(text, 'labcode_api_answers_total{code="403"}')).toBe((sample(before, 'labcode_api_answers_total{code="403"}') ?? 0) + 1);
    expect(text).toMatch(/^labcode_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health\/live"\} \d+$/m);
    // The route pattern, never the address: one series for every user id.
    await get('/api/permission/Users/no-such-user', admin);
    expect((await get('/api/metrics', admin)).body).toContain('route="/api/permission/Users/:id"');
    // The kernel's and the modules' gauges.
    expect(sample(text, 'labcode_database_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'labcode_event_bus_connected')).toBe(1);
    expect(sample(text, 'labcode_websockets{state="open"}')).toBe(0);
    expect(sample(text, 'labcode_password_hashes{state="queued"}')).toBe(0);
    expect(sample(text, 'labcode_file_uploads_unfinished')).toBe(0);
    // Node's own, from prom-client.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });

  it('goes on without a gauge that fails or hangs, showing it as NaN', async () => {
    app.metrics.gauge('labcode_test_failing', 'A gauge whose reading throws', () => {
      throw new Error('database down');
    });
    app.metrics.gauge('labcode_test_hanging', 'A gauge whose reading never ends', () => new Promise<number>(() => undefined));
    const answer = await get('/api/metrics', admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toMatch(/^labcode_test_failing nan$/im);
    expect(answer.body).toMatch(/^labcode_test_hanging nan$/im);
    expect(answer.body).toContain('labcode_event_bus_connected 1');
  });

  it('serves the same text on a port of its own, at /metrics only', async () => {
    const listener = await startMetricsListener(app.metrics, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${listener.port}`;
      const scraped = await fetch(`${base}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('labcode_http_requests_total');
      expect((await fetch(`${base}/api/metrics`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await listener.close();
    }
  });
});
