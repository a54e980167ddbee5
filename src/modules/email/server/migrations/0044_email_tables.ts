import { sql, type Kysely } from 'kysely';

/**
 * In-app mail (JNPF's extend/Email): what a user wrote (drafts and sent mail) and each recipient's own copy, so
 * read and star marks and deletions are per recipient.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_email_send')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cc', 'text')
    .addColumn('bcc', 'text')
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_text', 'text')
    .addColumn('attachment', 'text')
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('base_email_send_user').on('base_email_send').columns(['user_id', 'state', 'created_at']).execute();

  await db.schema
    .createTable('base_email_receive')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('send_id', 'varchar(50)')
    .addColumn('m_account', 'varchar(100)', (c) => c.notNull())
    .addColumn('sender', 'varchar(100)', (c) => c.notNull())
    .addColumn('sender_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cc', 'text')
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_text', 'text')
    .addColumn('attachment', 'text')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fdate', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('base_email_receive_user').on('base_email_receive').columns(['user_id', 'is_read', 'fdate']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_email_receive').execute();
  await db.schema.dropTable('base_email_send').execute();
}
