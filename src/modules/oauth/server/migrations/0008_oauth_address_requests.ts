import { sql, type Kysely } from 'kysely';

/** Requests counted per address (captchas, scan tickets), so every process sees the same counts. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_address_request')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('bucket', 'varchar(30)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_address_request_window').on('auth_address_request').columns(['bucket', 'ip', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_address_request').execute();
}
