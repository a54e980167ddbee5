import { defineModule } from '../../../kernel/server/module.js';
import { onlineDataMessages } from '../locale/messages.js';
import { onlineDataRoutes } from './routes.js';
import { interfaceRunContext } from '../../dataInterface/server/public.js';
import * as onlineDataTables from './migrations/0024_visualdev_online_data.js';
import * as searchGrams from './migrations/0052_onlineData_search_grams.js';

/**
 * The records of released online-development designs (issue 13 parts 3 and 6, spec 001 §7 Online data): the
 * tables each release creates or migrates (dataTables.ts), and the runtime API over them.
 */
export default defineModule({
  name: 'onlineData',
  tables: ['base_visualdev_online_model', 'base_visualdev_online_table'],
  migrations: { '0024_visualdev_online_data': onlineDataTables, '0052_onlineData_search_grams': searchGrams },
  messages: onlineDataMessages,
  routes: (app, ctx) => onlineDataRoutes(app, { db: ctx.db, run: interfaceRunContext(ctx) }),
  permissions: [],
});
