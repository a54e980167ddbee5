import type { Kysely } from 'kysely';

/**
 * Uploads assembled and hashed as their chunks arrive (decision 228), so the merge reads nothing back.
 * An upload: the handle of its assembly in the file storage (null: its chunks are kept as separate objects, as
 * every upload before this migration did), the chunks its running MD5 has taken in order and that MD5's state,
 * and the first bytes of chunk 1 for the content check. A chunk: whether its bytes are stored yet (a row is
 * claimed before they are written, so two requests never write one chunk), whether a separate copy is kept, and
 * the storage's receipt for it (an S3 part's ETag).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('base_file_upload')
    .addColumn('assembly', 'text')
    .addColumn('hashed_through', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hash_state', 'bytea')
    .addColumn('head', 'bytea')
    .execute();
  await db.schema
    .alterTable('base_file_chunk')
    .addColumn('stored', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('kept', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('receipt', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The rows there now were stored and kept (every chunk was its own object). From now on a row counts as stored
  // only when it says so: a process still running the earlier code during a rolling deploy inserts rows without
  // these columns, and its chunks — written as objects, not into the assembly — must not count.
  await db.schema.alterTable('base_file_chunk').alterColumn('stored', (c) => c.setDefault(false)).execute();
  await db.schema.alterTable('base_file_chunk').alterColumn('kept', (c) => c.setDefault(false)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_file_chunk').dropColumn('stored').dropColumn('kept').dropColumn('receipt').execute();
  await db.schema.alterTable('base_file_upload').dropColumn('assembly').dropColumn('hashed_through').dropColumn('hash_state').dropColumn('head').execute();
}
