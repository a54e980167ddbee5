import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../../../kernel/server/db/schema.js';
import type { Infrastructure } from '../../../../kernel/server/infra/infrastructure.js';
import { pageOf } from '../../../../kernel/server/crud/listQuery.js';
import { pickerUserColumns, sharedOrganizeIndex, toPickerUser, type OrganizeIndex } from '../userDirectory.js';
import { keywordCondition } from '../userObjects.js';
import type { PageBody } from './pickerRequests.js';

/** What every picker call reads: the organisations, and the enabled users a picker offers, whole or a page at a time. */
export type PickerReads = ReturnType<typeof pickerReads>;

export function pickerReads(db: Kysely<DB>, infra: Infrastructure) {
  // Pickers only read: the process's shared index, read anew after each change of the organisations.
  const loadOrganizeIndex = () => sharedOrganizeIndex(db, infra);
  const enabledUsers = () => db.selectFrom('base_user as u').select(pickerUserColumns).where('u.enabled_mark', '=', 1);

  /** A page of picker users matching a condition (and the keyword), in the user list's order. */
  async function pageUsers(condition: ReturnType<typeof sql<SqlBool>> | undefined, body: PageBody, organizes?: OrganizeIndex) {
    const index = organizes ?? (await loadOrganizeIndex());
    const { currentPage, pageSize } = pageOf({ currentPage: body?.currentPage ?? undefined, pageSize: body?.pageSize ?? undefined });
    let query = enabledUsers();
    if (condition) query = query.where(condition);
    const keyword = keywordCondition(body?.keyword);
    if (keyword) query = query.where(keyword);
    const { total } = await query.clearSelect().select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
    const rows = await query.orderBy('u.sort_code').orderBy('u.id').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
    return { list: rows.map((r) => toPickerUser(r, index)), pagination: { currentPage, pageSize, total: Number(total) } };
  }

  return { db, loadOrganizeIndex, enabledUsers, pageUsers };
}
