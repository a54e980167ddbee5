import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../infra/infrastructure.js';

/**
 * Every request counted and timed for Prometheus, by method, route and status: the route is the pattern a request
 * matched (`/api/file/chunk`, `/api/permission/Users/:id`), never its address, so the label set stays small; what
 * matched no route is `unmatched`. JNPF's envelope answers refusals with HTTP 200 and a code in the body
 * (decision 1), so the envelope's code is counted too: that is where "errors" show.
 */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The start of an envelope as the envelope plugin serialises it. */
const ENVELOPE_CODE = /^\{"code":(\d{3})\b/;

export const requestMetricsPlugin = fp(async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
  const requests = metrics.counter('labcode_http_requests_total', 'HTTP requests answered, by method, route pattern and status', ['method', 'route', 'status']);
  const duration = metrics.histogram('labcode_http_request_duration_seconds', 'Time from request to answer, by method and route pattern', ['method', 'route'], SECONDS_BUCKETS);
  const answers = metrics.counter('labcode_api_answers_total', "API answers by the envelope's code (200 success; 400, 401, 403, 404, 409, 413, 429, 500, 503, 600–602 refusals)", ['code']);
  // Plain callbacks: nothing here waits (a promise per hook per request costs, issue 15).
  app.addHook('onSend', (_request, _reply, payload, done) => {
    if (typeof payload === 'string') {
      const code = ENVELOPE_CODE.exec(payload.slice(0, 16))?.[1];
      if (code) answers.inc({ code });
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    requests.inc({ method, route, status: reply.statusCode });
    duration.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
});
