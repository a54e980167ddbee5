import { sql, type Kysely } from 'kysely';

/**
 * Print templates and the print log (issue 16 item 3). Codes are unique without regard to case, as every named
 * record's. The log keeps the template id without a foreign key: deleting a template must not erase the history
 * of what was printed with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_print_dev')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(50)')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('visual_dev_id', 'varchar(50)')
    .addColumn('print_template', 'text', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('creator_user_id', 'varchar(50)')
    .addColumn('last_modify_time', 'timestamptz')
    .addColumn('last_modify_user_id', 'varchar(50)')
    .execute();
  await sql`create unique index base_print_dev_code_lower on base_print_dev (lower(en_code))`.execute(db);
  await db.schema.createIndex('base_print_dev_visual_dev').on('base_print_dev').column('visual_dev_id').execute();

  await db.schema
    .createTable('base_print_log')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('print_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('print_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('print_num', 'integer', (c) => c.notNull())
    .addColumn('form_id', 'varchar(50)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('creator_user_id', 'varchar(50)')
    .execute();
  await db.schema.createIndex('base_print_log_print').on('base_print_log').columns(['print_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_print_log').execute();
  await db.schema.dropTable('base_print_dev').execute();
}
