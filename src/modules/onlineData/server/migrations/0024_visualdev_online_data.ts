import { sql, type Kysely } from 'kysely';

/**
 * The records of released designs (issue 13, spec 001 §7 Online data): what each release applied (its design
 * snapshot and table plan) and which physical tables belong to which design. The record tables themselves are
 * created at release by ensureDataTables, not here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_visualdev_online_model')
    .ifNotExists()
    .addColumn('design_id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'text')
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('web_type', 'integer')
    .addColumn('form_data', 'text', (c) => c.notNull())
    .addColumn('column_data', 'text')
    .addColumn('app_column_data', 'text')
    .addColumn('plan_json', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('base_visualdev_online_table')
    .ifNotExists()
    .addColumn('table_name', 'varchar(63)', (c) => c.primaryKey())
    .addColumn('design_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('role', 'varchar(10)', (c) => c.notNull())
    .addColumn('field', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('base_visualdev_online_table_design').ifNotExists().on('base_visualdev_online_table').column('design_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_visualdev_online_table').ifExists().execute();
  await db.schema.dropTable('base_visualdev_online_model').ifExists().execute();
}
