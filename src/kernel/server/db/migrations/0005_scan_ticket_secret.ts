import type { Kysely } from 'kysely';

/**
 * A scan ticket is shown to anyone who can see the screen; the page that asked for it also holds a secret, and
 * only ticket plus secret sign in. Someone who photographs the QR code cannot take the session the phone confirms.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_login_ticket').addColumn('secret_hash', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_login_ticket').dropColumn('secret_hash').execute();
}
