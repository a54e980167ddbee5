import { sql, type Kysely } from 'kysely';

/**
 * Material requisitions (issue 14, spec 001 §3): projects and their members, the returned reagents waiting to go
 * back to stock per user, and the applications with their spare-stock and returned-reagent rows. Products are the
 * mall's catalogue (biz_item) and users the users module's: referenced by id, not by foreign key, so neither
 * module's migrations depend on the other's order; detail rows keep a copy of what they showed when submitted
 * (text columns, so a copy never outgrows the catalogue's sizes). Written to run again harmlessly (if not exists):
 * it was briefly numbered 0020 in a shared working tree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('biz_project')
    .ifNotExists()
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('pro_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('organize_id', 'varchar(50)')
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('biz_project_member')
    .ifNotExists()
    .addColumn('project_id', 'varchar(50)', (c) => c.notNull().references('biz_project.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addPrimaryKeyConstraint('biz_project_member_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('biz_project_member_user').ifNotExists().on('biz_project_member').column('user_id').execute();

  await db.schema
    .createTable('biz_returned_mat')
    .ifNotExists()
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(50)')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cas', 'varchar(12)')
    .addColumn('spec', 'text')
    .addColumn('brand', 'text')
    .addColumn('fineness', 'text')
    .addColumn('unit', 'text')
    .addColumn('bin_name', 'text')
    .addColumn('exp_date', 'date')
    .addColumn('apply_num', 'integer', (c) => c.notNull())
    // 0 open (waiting to be returned), 1 submitted in a requisition.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('biz_returned_mat_user_status').ifNotExists().on('biz_returned_mat').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('biz_mat_apply')
    .ifNotExists()
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('bill_no', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('application_user', 'varchar(50)', (c) => c.notNull())
    .addColumn('application_date', 'timestamptz', (c) => c.notNull())
    .addColumn('project_id', 'varchar(50)')
    .addColumn('need_org', 'varchar(50)', (c) => c.notNull())
    .addColumn('company_id', 'varchar(50)')
    .addColumn('need_user', 'varchar(50)', (c) => c.notNull())
    .addColumn('need_date', 'timestamptz', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('approval_status', 'integer')
    .addColumn('void_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remarks', 'varchar(500)')
    .addColumn('creator_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('organize_id', 'varchar(50)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('biz_mat_apply_creator').ifNotExists().on('biz_mat_apply').columns(['creator_user_id', 'created_at']).execute();
  await db.schema.createIndex('biz_mat_apply_created').ifNotExists().on('biz_mat_apply').column('created_at').execute();

  await db.schema
    .createTable('biz_mat_apply_detail')
    .ifNotExists()
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('apply_id', 'varchar(50)', (c) => c.notNull().references('biz_mat_apply.id').onDelete('cascade'))
    // spare (a spare-stock product) or returned (a returned reagent)
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_id', 'varchar(50)')
    .addColumn('returned_mat_id', 'varchar(50)')
    .addColumn('name', 'text')
    .addColumn('cas', 'varchar(12)')
    .addColumn('product_count', 'integer', (c) => c.notNull())
    .addColumn('spec', 'text')
    .addColumn('model', 'text')
    .addColumn('product_number', 'text')
    .addColumn('brand', 'text')
    .addColumn('fineness', 'text')
    .addColumn('unit', 'text')
    .addColumn('customer_undertake', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('biz_mat_apply_detail_apply').ifNotExists().on('biz_mat_apply_detail').columns(['apply_id', 'sort_code']).execute();
  await db.schema.createIndex('biz_mat_apply_detail_returned').ifNotExists().on('biz_mat_apply_detail').column('returned_mat_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['biz_mat_apply_detail', 'biz_mat_apply', 'biz_returned_mat', 'biz_project_member', 'biz_project']) await db.schema.dropTable(table).ifExists().execute();
}
