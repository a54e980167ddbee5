import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { matApplyMessages } from '../locale/messages.js';
import * as tables from './migrations/0022_matApply_tables.js';
import { MAT_APPLY_MENU, matApplyRoutes } from './routes.js';
import { seedMatApply } from './seed.js';

/**
 * Material requisitions (issue 14, spec 001 §3–§5, §7): projects and their members, returned reagents waiting to
 * go back to stock, and requisition applications with spare-stock and returned-reagent rows. Reads the mall's
 * catalogue (biz_item) and the users module's users and organisations; writes only its own tables.
 */
export default defineModule({
  name: 'matApply',
  menus: menuFile.menus,
  tables: ['biz_project', 'biz_project_member', 'biz_returned_mat', 'biz_mat_apply', 'biz_mat_apply_detail'],
  messages: matApplyMessages,
  migrations: { '0022_matApply_tables': tables },
  routes: (app, ctx) => matApplyRoutes(app, { db: ctx.db }),
  seed: seedMatApply,
  permissions: [{ menu: MAT_APPLY_MENU, buttons: [] }],
});
