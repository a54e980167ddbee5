import type { Kysely } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import type { ModuleContext } from '../../../kernel/server/module.js';
import { recordCall } from './callLog.js';
import { DEFAULT_HTTP_LIMITS } from './httpSource.js';
import { parseAllowList } from './httpGuard.js';
import type { NameValue } from './interfaceConfig.js';
import { runInterface, type RunContext } from './runInterface.js';

/** At most this many rows leave an interface in one call; SQL statements stop after this long (on PostgreSQL). */
const ROW_CAP = 10_000;
const SQL_TIMEOUT_MS = 5_000;
/** DATA_INTERFACE_SQL_TIMEOUT_MS overrides the statement timeout (between 100 ms and 60 s). */
const sqlTimeout = () => Math.min(60_000, Math.max(100, Number(process.env.DATA_INTERFACE_SQL_TIMEOUT_MS) || SQL_TIMEOUT_MS));

/** How interfaces run in this app: read when the app is built (DATA_INTERFACE_HTTP_ALLOW names internal hosts HTTP interfaces may call). */
export function interfaceRunContext(ctx: Pick<ModuleContext, 'db' | 'database'>): RunContext {
  return {
    db: ctx.db,
    databaseKind: ctx.database.kind,
    http: { ...DEFAULT_HTTP_LIMITS, allow: parseAllowList(process.env.DATA_INTERFACE_HTTP_ALLOW) },
    rowCap: ROW_CAP,
    sqlTimeoutMs: sqlTimeout(),
  };
}

export interface RowsByIdsCall {
  interfaceId: string;
  /** The row field that holds the stored values (a popup's propsValue, a select's value key). */
  field: string;
  values: string[];
  paramList?: NameValue[];
  userId: string;
}

/**
 * The rows of an enabled interface whose value field holds the given values, wherever they are in its answer
 * (InfoByIds, for another module): what other parts call to show labels of stored values. One call per
 * interface, logged as InfoByIds is; an interface that is gone, disabled or failing answers no rows, so the
 * caller shows the stored values rather than failing a whole list.
 */
export async function interfaceRowsByIds(db: Kysely<DB>, run: RunContext, call: RowsByIdsCall): Promise<Record<string, unknown>[]> {
  if (call.values.length === 0) return [];
  const record = await db.selectFrom('base_data_interface').selectAll().where('id', '=', call.interfaceId).executeTakeFirst();
  if (!record || record.enabled_mark !== 1) return [];
  const started = performance.now();
  const base = { interfaceId: record.id, userId: call.userId, ip: null, device: null, type: 'infoByIds' };
  try {
    const { list } = await runInterface(record, { paramList: call.paramList, userId: call.userId, ids: { field: call.field, values: call.values } }, run);
    await recordCall(db, { ...base, wasteMs: performance.now() - started }).catch(() => undefined);
    return list;
  } catch (error) {
    const reason = error instanceof Error && 'messageKey' in error ? String((error as { messageKey: unknown }).messageKey) : 'error';
    await recordCall(db, { ...base, wasteMs: performance.now() - started, error: reason }).catch(() => undefined);
    return [];
  }
}
