import { sql, type Kysely } from 'kysely';

/**
 * Chat (spec 001 §7): the messages between two users (base_im_content) and each user's conversation entries
 * (base_im_reply). A message is cleared per side (a user's "clear records" hides it from them only); an entry is
 * one row per owner and peer, holding what the conversation list shows so that list is one query.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_im_content')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('send_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('receive_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('send_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('receive_time', 'timestamptz')
    .addColumn('content_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_delete_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receive_delete_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // History of one pair, newest first, either direction; and one receiver's unread messages.
  await db.schema.createIndex('base_im_content_pair').on('base_im_content').columns(['send_user_id', 'receive_user_id', 'send_time']).execute();
  await db.schema.createIndex('base_im_content_unread').on('base_im_content').columns(['receive_user_id', 'enabled_mark']).execute();

  await db.schema
    .createTable('base_im_reply')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('peer_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('latest_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message_type', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('latest_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delete_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('base_im_reply_owner_peer').on('base_im_reply').columns(['user_id', 'peer_user_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_im_reply').execute();
  await db.schema.dropTable('base_im_content').execute();
}
