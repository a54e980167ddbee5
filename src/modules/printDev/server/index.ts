import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { printDevMessages } from '../locale/messages.js';
import * as tables from './migrations/0042_printDev_tables.js';
import { PRINT_DEV_BUTTONS, printDevRoutes } from './routes.js';
import { PRINT_DEV_MENU } from './service.js';
import { approvalRecordsFor } from '../../workflow/server/public.js';

/**
 * Print templates, print data, the PDF and the print log (issue 16 item 3; spec 001 §2, §3, §7 Print).
 * The approval records of printData come from a provider (printData.ts); the workflow module wires its own here.
 */
export default defineModule({
  name: 'printDev',
  menus: menuFile.menus,
  tables: ['base_print_dev', 'base_print_log'],
  messages: printDevMessages,
  migrations: { '0042_printDev_tables': tables },
  routes: (app, ctx) => printDevRoutes(app, { db: ctx.db, operatorRecords: approvalRecordsFor }),
  permissions: [{ menu: PRINT_DEV_MENU, buttons: PRINT_DEV_BUTTONS }],
});
