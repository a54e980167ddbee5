import { sql, type Kysely } from 'kysely';

/**
 * Roles become administered records (issue 12): the list shows when each was made (creatorTime), and codes are
 * unique without regard to letter case like every other code of the system (the unique index is what holds when
 * two administrators save at once).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('base_role')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index base_role_code_lower on base_role (lower(en_code))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists base_role_code_lower`.execute(db);
  await db.schema.alterTable('base_role').dropColumn('created_at').execute();
}
