import { sql, type Kysely } from 'kysely';
import { refuseCaseDuplicates } from '../../../../kernel/server/db/caseDuplicates.js';

/**
 * Codes are unique without regard to letter case: the service checks first for its message, but only an
 * index holds when two requests race on PostgreSQL. The case-sensitive constraint of 0001 stays; this one is
 * stricter.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await refuseCaseDuplicates(db, 'base_area');
  await sql`create unique index base_area_code_lower on base_area (lower(en_code))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index base_area_code_lower`.execute(db);
}
