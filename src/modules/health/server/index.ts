import { defineModule } from '../../../kernel/server/module.js';
import { healthMessages } from '../locale/messages.js';
import { healthRoutes } from './routes.js';

/** Health and readiness for load balancers and orchestrators, and Prometheus metrics for operators. */
export default defineModule({
  name: 'health',
  messages: healthMessages,
  routes: (app, ctx) => healthRoutes(app, { database: ctx.database, infra: ctx.infra, startedAt: ctx.startedAt }),
});
