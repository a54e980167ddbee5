import type { FastifyInstance } from 'fastify';
import { ResultCode } from '../../../shared/envelope.js';
import { databaseVersion, type Database } from '../../../kernel/server/db/database.js';

/** For operators and load balancers: 200 with the database kind and version, 503 when the database does not answer. */
export async function healthRoutes(app: FastifyInstance, ctx: { database: Database; startedAt: Date }): Promise<void> {
  app.get('/api/health', { config: { public: true } }, async (request, reply) => {
    try {
      const version = await databaseVersion(ctx.database.db);
      return { code: ResultCode.success, msg: '', data: { status: 'ok', database: { kind: ctx.database.kind, version }, startedAt: ctx.startedAt, uptimeSeconds: Math.round(process.uptime()) } };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ code: ResultCode.serviceUnavailable, msg: request.t('error.database'), data: { status: 'unavailable', database: { kind: ctx.database.kind } } });
    }
  });
}
