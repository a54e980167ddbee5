import type { Kysely } from 'kysely';

/** Who reports to whom: a user's direct manager, for the current user's subordinates (spec 000 §7). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_user').addColumn('manager_id', 'varchar(50)', (c) => c.references('base_user.id').onDelete('set null')).execute();
  await db.schema.createIndex('base_user_manager').on('base_user').column('manager_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('base_user_manager').ifExists().execute();
  await db.schema.alterTable('base_user').dropColumn('manager_id').execute();
}
