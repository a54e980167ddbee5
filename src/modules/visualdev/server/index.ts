import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { designMessages } from '../locale/messages.js';
import * as designTables from './migrations/0031_visualdev_design_tables.js';
import { WEB_DESIGN_BUTTONS, WEB_DESIGN_MENU, designRoutes } from './routes.js';

/**
 * Online development's designs (issue 13, spec 001 §7): designs of forms and lists, their checks, copy, import and
 * export, and their release to a menu page with its permission entries. A release gets its tables from onlineData,
 * which serves the records; generator turns a design into code.
 */
export default defineModule({
  name: 'visualdev',
  menus: menuFile.menus,
  tables: ['base_visual_dev', 'base_visual_dev_release'],
  migrations: { '0031_visualdev_design_tables': designTables },
  messages: designMessages,
  routes: (app, ctx) => designRoutes(app, { db: ctx.db }),
  permissions: [{ menu: WEB_DESIGN_MENU, buttons: WEB_DESIGN_BUTTONS }],
});
