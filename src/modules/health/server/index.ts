import { defineModule } from '../../../kernel/server/module.js';
import { healthRoutes } from './routes.js';

/** GET /api/health for operators and load balancers. */
export default defineModule({
  name: 'health',
  routes: (app, ctx) => healthRoutes(app, { database: ctx.database, startedAt: ctx.startedAt }),
});
