import { sql, type Kysely } from 'kysely';

/**
 * The workflow's tables: each online-development design's approval chain, the flows started on its records, the
 * approvers a flow is waiting for (one row per candidate of the current step), every handle action as an approval
 * record, and the approval common words.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flow_chain')
    .addColumn('design_id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('flow_urgent', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('steps_json', 'text', (c) => c.notNull())
    .addColumn('last_modify_user_id', 'varchar(50)')
    .addColumn('last_modify_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('flow_task')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('design_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('flow_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('flow_urgent', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('steps_json', 'text', (c) => c.notNull())
    .addColumn('step_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('end_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('flow_task_record').on('flow_task').columns(['design_id', 'record_id', 'created_at']).execute();
  await db.schema.createIndex('flow_task_creator').on('flow_task').columns(['creator_user_id', 'created_at']).execute();
  // At most one flow in approval per record: two submissions racing cannot both start one.
  await sql`create unique index flow_task_one_waiting on flow_task (design_id, record_id) where status = 1`.execute(db);

  await db.schema
    .createTable('flow_operator')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
    .addColumn('step_index', 'integer', (c) => c.notNull())
    .addColumn('node_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('handler_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('handle_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('flow_operator_handler').on('flow_operator').columns(['handler_id', 'state', 'created_at']).execute();
  await db.schema.createIndex('flow_operator_task').on('flow_operator').columns(['task_id', 'state']).execute();

  await db.schema
    .createTable('flow_record')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
    .addColumn('operator_id', 'varchar(50)')
    .addColumn('step_index', 'integer', (c) => c.notNull())
    .addColumn('node_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('handler_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('handle_status', 'integer', (c) => c.notNull())
    .addColumn('handle_opinion', 'varchar(500)')
    .addColumn('to_user_id', 'varchar(50)')
    .addColumn('handle_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flow_record_task').on('flow_record').columns(['task_id', 'seq']).execute();
  await db.schema.createIndex('flow_record_handler').on('flow_record').columns(['handler_id', 'handle_time']).execute();

  await db.schema
    .createTable('flow_common_words')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('common_words_text', 'varchar(200)', (c) => c.notNull())
    .addColumn('common_words_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('user_id', 'varchar(50)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('creator_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('flow_common_words_user').on('flow_common_words').columns(['common_words_type', 'user_id', 'sort_code']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['flow_common_words', 'flow_record', 'flow_operator', 'flow_task', 'flow_chain']) await db.schema.dropTable(table).ifExists().execute();
}
