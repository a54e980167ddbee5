import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { areaMessages } from '../locale/messages.js';
import * as caseInsensitiveCode from './migrations/0006_area_code_case_insensitive.js';
import { AREA_MENU, areaRoutes } from './routes.js';

/** Administrative areas: provinces, cities, districts (spec 000 §7). The rows ship with migration 0002. */
export default defineModule({
  name: 'area',
  menus: menuFile.menus,
  tables: ['base_area'],
  messages: areaMessages,
  migrations: { '0006_area_code_case_insensitive': caseInsensitiveCode },
  routes: (app, ctx) => areaRoutes(app, { db: ctx.db }),
  permissions: [{ menu: AREA_MENU, buttons: ['btn_add', 'btn_edit', 'btn_remove'] }],
});
