import { sql, type Kysely } from 'kysely';
import { refuseCaseDuplicates } from '../../../../kernel/server/db/caseDuplicates.js';

/**
 * Organisation and position codes are unique without regard to letter case, like group codes (0011): the service
 * checks first for its message; only an index holds when two requests race on PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await refuseCaseDuplicates(db, 'base_organize');
  await refuseCaseDuplicates(db, 'base_position');
  await sql`create unique index base_organize_code_lower on base_organize (lower(en_code))`.execute(db);
  await sql`create unique index base_position_code_lower on base_position (lower(en_code))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists base_position_code_lower`.execute(db);
  await sql`drop index if exists base_organize_code_lower`.execute(db);
}
