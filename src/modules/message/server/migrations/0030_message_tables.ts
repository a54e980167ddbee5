import { sql, type Kysely } from 'kysely';

/**
 * Notices, per-user messages, message templates and their parameters. Receipts reference their notice with a
 * cascade: deleting a notice takes it out of every list it reached. Template codes are unique whatever their case.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_notice')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_text', 'text')
    .addColumn('category', 'varchar(20)', (c) => c.notNull().defaultTo('1'))
    .addColumn('excerpt', 'varchar(500)')
    .addColumn('cover_image', 'varchar(500)')
    .addColumn('files', 'text')
    .addColumn('to_user_ids', 'text')
    .addColumn('expiration_time', 'timestamptz')
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modify_time', 'timestamptz')
    .addColumn('last_modify_user_id', 'varchar(50)')
    .addColumn('release_time', 'timestamptz')
    .addColumn('release_user_id', 'varchar(50)')
    .execute();

  await db.schema
    .createTable('base_message')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_text', 'text')
    .addColumn('notice_id', 'varchar(50)', (c) => c.references('base_notice.id').onDelete('cascade'))
    .addColumn('flow_type', 'integer')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'timestamptz')
    .addColumn('creator_user_id', 'varchar(50)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('base_message_user_list').on('base_message').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('base_message_user_unread').on('base_message').columns(['user_id', 'is_read', 'type']).execute();
  await db.schema.createIndex('base_message_notice').on('base_message').column('notice_id').execute();
  // One receipt per user and notice: a release that runs twice cannot double anyone's list.
  await db.schema.createIndex('base_message_user_notice').on('base_message').columns(['user_id', 'notice_id']).unique().execute();

  await db.schema
    .createTable('base_msg_template')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('template_type', 'varchar(10)', (c) => c.notNull().defaultTo('0'))
    .addColumn('message_source', 'varchar(10)', (c) => c.notNull())
    .addColumn('message_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('template_code', 'varchar(100)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'varchar(500)')
    .addColumn('creator_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modify_time', 'timestamptz')
    .addColumn('last_modify_user_id', 'varchar(50)')
    .execute();
  await sql`create unique index base_msg_template_code on base_msg_template (lower(en_code))`.execute(db);

  await db.schema
    .createTable('base_msg_template_param')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('template_id', 'varchar(50)', (c) => c.notNull().references('base_msg_template.id').onDelete('cascade'))
    .addColumn('field', 'varchar(50)', (c) => c.notNull())
    .addColumn('field_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('base_msg_template_param_template').on('base_msg_template_param').columns(['template_id', 'field']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_msg_template_param').execute();
  await db.schema.dropTable('base_msg_template').execute();
  await db.schema.dropTable('base_message').execute();
  await db.schema.dropTable('base_notice').execute();
}
