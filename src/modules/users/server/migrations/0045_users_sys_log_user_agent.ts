import type { Kysely } from 'kysely';

/**
 * The browser an account-log entry came from (its User-Agent, cut to 500 characters): JNPF's log pages show the
 * browser and the platform of each sign-in. Older entries keep none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_sys_log').addColumn('user_agent', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_sys_log').dropColumn('user_agent').execute();
}
