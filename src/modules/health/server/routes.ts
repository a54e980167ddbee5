import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import { databaseVersion, type Database } from '../../../kernel/server/db/database.js';
import type { Infrastructure } from '../../../kernel/server/infra/infrastructure.js';

interface HealthContext {
  database: Database;
  infra: Pick<Infrastructure, 'events' | 'metrics'>;
  startedAt: Date;
}

/**
 * For operators, load balancers and orchestrators (decision 230):
 * - /api/health/live: the process answers (a liveness probe: restart it when this fails). Touches nothing else.
 * - /api/health/ready: it can serve (a readiness probe: send it traffic only while this passes) — the database
 *   answers and, on PostgreSQL, the event bus that keeps processes' caches true is connected. While the server shuts
 *   down, Fastify answers 503 before any route.
 * - /api/health: as before, the database's kind and version, 503 when it does not answer.
 * - /api/metrics: Prometheus's text for administrators; METRICS_PORT serves the same without a session on a port
 *   of its own (metricsListener.ts).
 */
export async function healthRoutes(app: FastifyInstance, ctx: HealthContext): Promise<void> {
  const { database, infra } = ctx;

  app.get('/api/health', { config: { public: true } }, async (request, reply) => {
    try {
      const version = await databaseVersion(database.db);
      return { code: ResultCode.success, msg: '', data: { status: 'ok', database: { kind: database.kind, version }, startedAt: ctx.startedAt, uptimeSeconds: Math.round(process.uptime()) } };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ code: ResultCode.serviceUnavailable, msg: request.t('error.database'), data: { status: 'unavailable', database: { kind: database.kind } } });
    }
  });

  app.get('/api/health/live', { config: { public: true } }, async () => ({ code: ResultCode.success, msg: '', data: { status: 'live', uptimeSeconds: Math.round(process.uptime()) } }));

  app.get('/api/health/ready', { config: { public: true } }, async (request, reply) => {
    const checks = { database: await databaseAnswers(database), events: infra.events.connected() };
    if (checks.database && checks.events) return { code: ResultCode.success, msg: '', data: { status: 'ready', checks } };
    request.log.warn({ checks }, 'readiness check failed');
    const msg = request.t(checks.database ? 'health.eventsReconnecting' : 'error.database');
    return reply.status(503).send({ code: ResultCode.serviceUnavailable, msg, data: { status: 'unavailable', checks } });
  });

  app.get('/api/metrics', async (request, reply) => {
    if (!request.session!.isAdministrator) throw AppError.forbidden();
    const { contentType, body } = await infra.metrics.expose();
    return reply.type(contentType).send(body);
  });
}

async function databaseAnswers(database: Database): Promise<boolean> {
  try {
    await databaseVersion(database.db);
    return true;
  } catch {
    return false;
  }
}
