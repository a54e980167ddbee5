import { sql, type Kysely } from 'kysely';

/** Form short links: one row per design whose form may be filled without signing in. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_visual_short_link')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('form_use', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form_pass_use', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form_password_hash', 'varchar(200)')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('pass_secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('owner_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_visual_short_link').execute();
}
