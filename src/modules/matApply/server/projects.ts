import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Projects a requisition is booked to (spec 001 §3 Project: id, proName). A user chooses among the enabled projects
 * they are a member of; users whose fill_project is 1 must choose one (§5).
 */
export async function projectsOfUser(db: Db, userId: string): Promise<{ id: string; proName: string }[]> {
  const rows = await db
    .selectFrom('biz_project as p')
    .innerJoin('biz_project_member as m', 'm.project_id', 'p.id')
    .select(['p.id', 'p.pro_name'])
    .where('m.user_id', '=', userId)
    .where('p.enabled_mark', '=', 1)
    .orderBy('p.pro_name')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ id: r.id, proName: r.pro_name }));
}

/** Whether the project is enabled and the user is one of its members. */
export async function isProjectMember(db: Db, projectId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('biz_project as p')
    .innerJoin('biz_project_member as m', 'm.project_id', 'p.id')
    .select('p.id')
    .where('p.id', '=', projectId)
    .where('m.user_id', '=', userId)
    .where('p.enabled_mark', '=', 1)
    .executeTakeFirst();
  return Boolean(row);
}
