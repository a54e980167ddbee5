import { definePart } from '../part.js';
import { designMessages } from './messages.js';
import * as designTables from './migrations/0031_visualdev_design_tables.js';
import { WEB_DESIGN_BUTTONS, WEB_DESIGN_MENU, designRoutes } from './routes.js';

/**
 * The design part of online development (issue 13): designs of forms and lists, their checks, copy, import and
 * export, and their release to a menu page with its permission entries.
 */
export default definePart({
  tables: ['base_visual_dev', 'base_visual_dev_release'],
  migrations: { '0031_visualdev_design_tables': designTables },
  messages: designMessages,
  routes: (app, ctx) => designRoutes(app, { db: ctx.db }),
  permissions: [{ menu: WEB_DESIGN_MENU, buttons: WEB_DESIGN_BUTTONS }],
});
