import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { dataInterfaceMessages } from '../locale/messages.js';
import * as tables from './migrations/0030_dataInterface_tables.js';
import * as readerRole from './migrations/0031_dataInterface_reader_role.js';
import { DATA_INTERFACE_MENU, dataInterfaceRoutes } from './routes.js';
import { interfaceRunContext } from './rowsByIds.js';

/** Data interfaces (spec 000 §7 DataInterface): static JSON, read-only SQL and SSRF-guarded HTTP, with their call log. */
export default defineModule({
  name: 'dataInterface',
  menus: menuFile.menus,
  tables: ['base_data_interface', 'base_data_interface_log'],
  messages: dataInterfaceMessages,
  migrations: { '0030_dataInterface_tables': tables, '0031_dataInterface_reader_role': readerRole },
  routes: (app, ctx) => dataInterfaceRoutes(app, { db: ctx.db, run: interfaceRunContext(ctx) }),
  permissions: [{ menu: DATA_INTERFACE_MENU, buttons: ['btn_add', 'btn_edit', 'btn_remove', 'btn_export'] }],
});
