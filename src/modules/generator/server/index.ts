import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { generatorMessages } from '../locale/messages.js';
import { GENERATOR_BUTTONS, GENERATOR_MENU, generatorRoutes } from './routes.js';

/**
 * Code generation (issue 13 part 5, spec 001 §7 Generator): a design becomes a server module on our module
 * contract, its JSON screen, its SQL DDL and a test, shown file by file (CodePreview) or as a zip (DownloadCode).
 * Owns no table: the zip is kept as a file of the caller's by the file module's own functions.
 */
export default defineModule({
  name: 'generator',
  menus: menuFile.menus,
  tables: [],
  migrations: {},
  messages: generatorMessages,
  routes: (app, ctx) => generatorRoutes(app, { db: ctx.db, storage: ctx.infra.storage, moduleNames: ctx.moduleNames }),
  permissions: [{ menu: GENERATOR_MENU, buttons: GENERATOR_BUTTONS }],
});
