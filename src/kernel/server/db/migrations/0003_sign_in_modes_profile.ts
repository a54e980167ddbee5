import { sql, type Kysely } from 'kysely';

/**
 * The app shell's server side:
 * - SMS codes (hashed, with expiry, attempts and send times for the rate limits);
 * - one-time sign-in tickets for app scan and for the SSO callback;
 * - the OpenID Connect authorization state (PKCE verifier, nonce) between redirect and callback;
 * - the user's images: avatars (served by unguessable name) and signature images.
 * Everything a second server process needs is in the database, so sign-in works behind a load balancer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('auth_sms_code')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_sms_code_mobile').on('auth_sms_code').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('auth_sms_code_ip').on('auth_sms_code').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('auth_login_ticket')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)', (c) => c.references('base_user.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_sso_state')
    .addColumn('state', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('code_verifier', 'varchar(200)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(100)', (c) => c.notNull())
    .addColumn('redirect', 'varchar(500)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('base_user_image')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull().references('base_user.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('base_user_image_user').on('base_user_image').columns(['user_id', 'kind']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['base_user_image', 'auth_sso_state', 'auth_login_ticket', 'auth_sms_code']) await db.schema.dropTable(table).ifExists().execute();
}
