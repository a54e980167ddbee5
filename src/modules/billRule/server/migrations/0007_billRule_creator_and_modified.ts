import type { Kysely } from 'kysely';

/**
 * Who created a rule and when it last changed: JNPF's bill-rule list shows both columns (creatorUser,
 * lastModifyTime). Rules created before this migration have neither. No foreign key on the creator: removing a
 * user must not remove or block the rules they wrote.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('base_bill_rule')
    .addColumn('creator_user_id', 'varchar(50)')
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('base_bill_rule').dropColumn('creator_user_id').dropColumn('last_modify_time').execute();
}
