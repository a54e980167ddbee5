import type { Kysely } from 'kysely';

/**
 * The user record of the administration screens (issue 12): a lock an administrator can lift (PUT
 * /permission/Users/{id}/Actions/unlock), a description, and when the record last changed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('base_user')
    .addColumn('lock_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_user').dropColumn('lock_mark').dropColumn('description').dropColumn('last_modify_time').execute();
}
