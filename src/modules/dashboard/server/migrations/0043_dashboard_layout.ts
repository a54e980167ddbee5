import { sql, type Kysely } from 'kysely';

/** Each user's /dashboard layout: one row per user who changed it; a user without a row sees the default. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_dashboard_layout')
    .addColumn('user_id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('last_modify_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_dashboard_layout').execute();
}
