import { defineModule } from '../../../module.js';
import { dataInterfaceMessages } from './messages.js';
import * as tables from './migrations/0030_dataInterface_tables.js';
import * as readerRole from './migrations/0031_dataInterface_reader_role.js';
import { DEFAULT_HTTP_LIMITS } from './httpSource.js';
import { parseAllowList } from './httpGuard.js';
import { DATA_INTERFACE_MENU, dataInterfaceRoutes } from './routes.js';

/** At most this many rows leave an interface in one call; SQL statements stop after this long (on PostgreSQL). */
const ROW_CAP = 10_000;
const SQL_TIMEOUT_MS = 5_000;
/** DATA_INTERFACE_SQL_TIMEOUT_MS overrides the statement timeout (between 100 ms and 60 s). */
const sqlTimeout = () => Math.min(60_000, Math.max(100, Number(process.env.DATA_INTERFACE_SQL_TIMEOUT_MS) || SQL_TIMEOUT_MS));

/** Data interfaces (spec 000 §7 DataInterface): static JSON, read-only SQL and SSRF-guarded HTTP, with their call log. */
export default defineModule({
  name: 'dataInterface',
  tables: ['base_data_interface', 'base_data_interface_log'],
  messages: dataInterfaceMessages,
  migrations: { '0030_dataInterface_tables': tables, '0031_dataInterface_reader_role': readerRole },
  routes: (app, ctx) =>
    dataInterfaceRoutes(app, {
      db: ctx.db,
      run: {
        db: ctx.db,
        databaseKind: ctx.database.kind,
        // Read when the app is built: DATA_INTERFACE_HTTP_ALLOW names internal hosts and networks HTTP interfaces may call.
        http: { ...DEFAULT_HTTP_LIMITS, allow: parseAllowList(process.env.DATA_INTERFACE_HTTP_ALLOW) },
        rowCap: ROW_CAP,
        sqlTimeoutMs: sqlTimeout(),
      },
    }),
  permissions: [{ menu: DATA_INTERFACE_MENU, buttons: ['btn_add', 'btn_edit', 'btn_remove', 'btn_export'] }],
});
