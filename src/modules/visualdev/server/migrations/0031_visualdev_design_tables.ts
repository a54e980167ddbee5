import { sql, type Kysely } from 'kysely';

/**
 * Designs and their released versions. Codes are unique without regard to case (the unique index on
 * lower(en_code) holds under concurrency; the service answers the spec's message first). No foreign key on the
 * creator: removing a user must not remove the designs they made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_visual_dev')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('category', 'varchar(50)')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('web_type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('form_data', 'text')
    .addColumn('column_data', 'text')
    .addColumn('app_column_data', 'text')
    .addColumn('tables_data', 'text')
    .addColumn('db_link_id', 'varchar(50)')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(500)')
    .addColumn('platform_release', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('creator_user_id', 'varchar(50)')
    .addColumn('last_modify_time', 'timestamptz')
    .addColumn('last_modify_user_id', 'varchar(50)')
    .execute();
  await sql`create unique index base_visual_dev_code_lower on base_visual_dev (lower(en_code))`.execute(db);

  await db.schema
    .createTable('base_visual_dev_release')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey().references('base_visual_dev.id').onDelete('cascade'))
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('web_type', 'integer', (c) => c.notNull())
    .addColumn('form_data', 'text')
    .addColumn('column_data', 'text')
    .addColumn('app_column_data', 'text')
    .addColumn('tables_data', 'text')
    .addColumn('db_link_id', 'varchar(50)')
    .addColumn('released_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('released_by', 'varchar(50)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_visual_dev_release').execute();
  await db.schema.dropTable('base_visual_dev').execute();
}
