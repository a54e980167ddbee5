import { sql, type Kysely } from 'kysely';

/**
 * Data interfaces and their call log. Codes are unique without regard to case (an index holds it under
 * concurrency); the log is read per interface, newest first. No foreign key from the log: deleting an interface
 * deletes its log in the same transaction, and a user removed later leaves the log line as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_data_interface')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('action', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('has_page', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data_config_json', 'text', (c) => c.notNull())
    .addColumn('parameter_json', 'text')
    .addColumn('field_json', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('creator_user_id', 'varchar(50)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modify_time', 'timestamptz')
    .addColumn('last_modify_user_id', 'varchar(50)')
    .execute();
  await sql`create unique index base_data_interface_code_lower on base_data_interface (lower(en_code))`.execute(db);
  await db.schema
    .createTable('base_data_interface_log')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('invoke_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('invoke_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'varchar(50)')
    .addColumn('invoke_ip', 'varchar(100)')
    .addColumn('invoke_device', 'varchar(500)')
    .addColumn('invoke_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('waste_time', 'integer', (c) => c.notNull())
    .addColumn('success', 'integer', (c) => c.notNull())
    .addColumn('error_message', 'varchar(500)')
    .execute();
  await db.schema.createIndex('base_data_interface_log_invoke').on('base_data_interface_log').columns(['invoke_id', 'invoke_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_data_interface_log').execute();
  await db.schema.dropTable('base_data_interface').execute();
}
