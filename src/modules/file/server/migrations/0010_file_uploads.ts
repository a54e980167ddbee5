import { sql, type Kysely } from 'kysely';

/**
 * Uploaded files and the bookkeeping of chunked uploads (spec 001 §7). Contents live in the file storage; these
 * tables say whose they are and where. Chunks of an unfinished upload are kept per user and identifier, so an
 * upload resumes on another day or another process.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_file')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('type', 'varchar(40)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('extension', 'varchar(10)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('base_file_owner_content').on('base_file').columns(['user_id', 'md5', 'size']).execute();

  await db.schema
    .createTable('base_file_upload')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('identifier', 'varchar(32)', (c) => c.notNull())
    .addColumn('total_size', 'bigint', (c) => c.notNull())
    .addColumn('chunk_size', 'bigint', (c) => c.notNull())
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    // Set while one request merges the chunks, so a second merge or a late chunk cannot interleave with it.
    .addColumn('merging_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('base_file_upload_owner_identifier', ['user_id', 'identifier'])
    .execute();
  await db.schema.createIndex('base_file_upload_updated').on('base_file_upload').column('updated_at').execute();

  await db.schema
    .createTable('base_file_chunk')
    .addColumn('upload_id', 'varchar(32)', (c) => c.notNull().references('base_file_upload.id').onDelete('cascade'))
    .addColumn('chunk_number', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('base_file_chunk_pk', ['upload_id', 'chunk_number'])
    .execute();

  // A pack download names its files here, so the signed address stays short and any process can stream the zip.
  await db.schema
    .createTable('base_file_pack')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('entries', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // The key download addresses are signed with, in the database so every process signs and verifies alike.
  await db.schema
    .createTable('base_file_secret')
    .addColumn('id', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('secret', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Periodic work one process at a time: a process claims a job by moving its run_after forward.
  await db.schema
    .createTable('base_file_job')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('run_after', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.insertInto('base_file_job').values({ name: 'cleanup', run_after: sql`now()` }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['base_file_job', 'base_file_secret', 'base_file_pack', 'base_file_chunk', 'base_file_upload', 'base_file']) {
    await db.schema.dropTable(table).execute();
  }
}
