import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { dashboardMessages } from '../locale/messages.js';
import * as layout from './migrations/0043_dashboard_layout.js';
import { dashboardRoutes } from './routes.js';

/** The /dashboard portal: each user's layout of its cards, and the notices and unread mail the cards show. */
export default defineModule({
  name: 'dashboard',
  menus: menuFile.menus,
  tables: ['base_dashboard_layout'],
  messages: dashboardMessages,
  migrations: { '0043_dashboard_layout': layout },
  routes: (app, ctx) => dashboardRoutes(app, ctx.db),
});
