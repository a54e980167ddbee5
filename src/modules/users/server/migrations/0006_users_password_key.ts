import { sql, type Kysely } from 'kysely';

/**
 * The RSA-OAEP key pair that seals a new password on its way to the server (passwordKeys.ts). It lives in the
 * database so the process that answers the public key and the one that receives the change need not be the
 * same. The private key is a sealing key for transport only, replaced every day: it protects a password for the
 * seconds it is on the wire (next to TLS), it is not a secret of long life, and nothing stored is sealed with it.
 *
 * One key per period of its lifetime: `period` is the primary key, so two processes that both find no key for
 * the current period cannot both add one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_password_key')
    .addColumn('period', 'integer', (c) => c.primaryKey())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_password_key').ifExists().execute();
}
