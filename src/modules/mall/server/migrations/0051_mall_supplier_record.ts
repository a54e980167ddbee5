import { sql, type Kysely } from 'kysely';

/**
 * Suppliers become a record the 供应商 page maintains (issue 32 item 6): a code (unique without regard to case, made
 * from the id for the rows already there), a switch, an order, a note, and who-and-when, as every declared entity has.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('biz_supplier')
    .addColumn('en_code', 'varchar(50)')
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'varchar(500)')
    .addColumn('creator_user_id', 'varchar(50)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await sql`update biz_supplier set en_code = upper(id) where en_code is null`.execute(db);
  await db.schema.alterTable('biz_supplier').alterColumn('en_code', (c) => c.setNotNull()).execute();
  await sql`create unique index biz_supplier_code_lower on biz_supplier (lower(en_code))`.execute(db);
  await db.schema.createIndex('biz_item_supplier').on('biz_item').column('supplier_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('biz_item_supplier').execute();
  await sql`drop index biz_supplier_code_lower`.execute(db);
  for (const column of ['en_code', 'enabled_mark', 'sort_code', 'description', 'creator_user_id', 'created_at', 'last_modify_time']) await db.schema.alterTable('biz_supplier').dropColumn(column).execute();
}
