import type { Kysely } from 'kysely';
import { PAGINATION } from '../../../shared/constants.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { findDataInterface } from './service.js';

/**
 * The call log of data interfaces (JNPF's DataInterfaceLog): every run through the API, answered or failed, with
 * who, from where, how long. Written after the run, outside its read-only transaction; a log write that fails
 * does not fail the call it records.
 */
export interface CallRecord {
  interfaceId: string;
  userId: string | null;
  ip: string | null;
  device: string | null;
  type: string;
  wasteMs: number;
  error?: string;
}

export async function recordCall(db: Kysely<DB>, call: CallRecord): Promise<void> {
  await db
    .insertInto('base_data_interface_log')
    .values({
      id: newId(),
      invoke_id: call.interfaceId,
      user_id: call.userId,
      invoke_ip: call.ip?.slice(0, 100) ?? null,
      invoke_device: call.device?.slice(0, 500) ?? null,
      invoke_type: call.type,
      waste_time: Math.round(call.wasteMs),
      success: call.error ? 0 : 1,
      error_message: call.error?.slice(0, 500) ?? null,
    })
    .execute();
}

/** GET /api/system/DataInterfaceLog/{id}: the interface's calls, newest first, paged; keyword on address and device. */
export async function listCalls(db: Kysely<DB>, interfaceId: string, query: { keyword?: string; currentPage?: number; pageSize?: number }) {
  await findDataInterface(db, interfaceId);
  const currentPage = Math.max(1, Number(query.currentPage) || 1);
  const pageSize = Math.min(PAGINATION.pageSizes[PAGINATION.pageSizes.length - 1], Math.max(1, Number(query.pageSize) || PAGINATION.pageSize));
  let base = db.selectFrom('base_data_interface_log as l').leftJoin('base_user as u', 'u.id', 'l.user_id').where('l.invoke_id', '=', interfaceId);
  const keyword = query.keyword?.trim();
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('l.invoke_ip', 'ilike', like), eb('l.invoke_device', 'ilike', like), eb('u.real_name', 'ilike', like), eb('u.account', 'ilike', like)]));
  }
  const [rows, counted] = await Promise.all([
    base
      .select(['l.id', 'l.invoke_time', 'l.invoke_ip', 'l.invoke_device', 'l.invoke_type', 'l.waste_time', 'l.success', 'l.error_message', 'u.real_name', 'u.account'])
      .orderBy('l.invoke_time', 'desc')
      .orderBy('l.id', 'desc')
      .limit(pageSize)
      .offset((currentPage - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      invokTime: row.invoke_time,
      userId: row.real_name ? `${row.real_name}/${row.account}` : null,
      invokIp: row.invoke_ip,
      invokDevice: row.invoke_device,
      invokType: row.invoke_type,
      invokWasteTime: row.waste_time,
      success: row.success,
      errorMessage: row.error_message,
    })),
    pagination: { currentPage, pageSize, total: Number(counted.total) },
  };
}
