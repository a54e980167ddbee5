import { sql, type Kysely } from 'kysely';

/**
 * The reagent mall (issue 14): suppliers, the catalogue, carts, orders and their lines. Users and organisations
 * are the users/organize modules' and are referenced by id only, as the other modules do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('biz_supplier')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('contact', 'varchar(50)')
    .addColumn('phone', 'varchar(50)')
    .addColumn('address', 'varchar(500)')
    .execute();
  await db.schema
    .createTable('biz_item')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('item_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('cas', 'varchar(12)')
    .addColumn('spec', 'varchar(100)')
    .addColumn('model', 'varchar(100)')
    .addColumn('fineness', 'varchar(100)')
    .addColumn('brand', 'varchar(100)')
    .addColumn('unit_name', 'varchar(20)')
    .addColumn('price', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
    .addColumn('supplier_id', 'varchar(50)', (c) => c.references('biz_supplier.id'))
    .addColumn('control_type', 'varchar(20)', (c) => c.notNull().defaultTo('none').check(sql`control_type in ('none', 'hazardous', 'precursor', 'toxic', 'explosive')`))
    .addColumn('stocked', 'varchar(1)', (c) => c.notNull().defaultTo('N').check(sql`stocked in ('Y', 'N')`))
    .addColumn('del', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('biz_item_cas').on('biz_item').column('cas').execute();
  await db.schema.createIndex('biz_item_code').on('biz_item').column('item_code').unique().execute();

  await db.schema
    .createTable('biz_cart_item')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(50)', (c) => c.notNull().references('biz_item.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 9999`))
    .addColumn('selected', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('biz_cart_item_user_item', ['user_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('biz_order')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('order_no', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('organize_id', 'varchar(50)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('approval_status', 'integer')
    .addColumn('second_status', 'integer')
    .addColumn('total_amount', 'numeric(14, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('address', 'varchar(500)')
    .addColumn('remarks', 'varchar(500)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('biz_order_user').on('biz_order').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('biz_order_item')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(50)', (c) => c.notNull().references('biz_order.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('cas', 'varchar(12)')
    .addColumn('spec', 'varchar(100)')
    .addColumn('brand', 'varchar(100)')
    .addColumn('unit_name', 'varchar(20)')
    .addColumn('price', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('biz_order_item_order').on('biz_order_item').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['biz_order_item', 'biz_order', 'biz_cart_item', 'biz_item', 'biz_supplier']) await db.schema.dropTable(table).execute();
}
