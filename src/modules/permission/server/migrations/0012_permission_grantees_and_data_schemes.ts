import { sql, type Kysely } from 'kysely';

/**
 * Permissions of every kind for every grantee (issue 12): organisation roles name the organisations they belong
 * to, and menu pages carry data schemes (all, own organisation, own department and below, own records, custom
 * condition) that base_authorize grants as item_type 'resource'. Grantees widen from roles to positions, users
 * and groups; base_authorize already keys on (object_type, object_id), so that needs no column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_role_organize')
    .addColumn('role_id', 'varchar(50)', (c) => c.notNull().references('base_role.id').onDelete('cascade'))
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull().references('base_organize.id'))
    .addPrimaryKeyConstraint('base_role_organize_pk', ['role_id', 'organize_id'])
    .execute();
  await db.schema.createIndex('base_role_organize_organize').on('base_role_organize').column('organize_id').execute();

  await db.schema
    .createTable('base_module_data_scheme')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('module_id', 'varchar(50)', (c) => c.notNull().references('base_module.id').onDelete('cascade'))
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('condition_json', 'text')
    .addColumn('match_logic', 'varchar(3)', (c) => c.notNull().defaultTo('and'))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('base_module_data_scheme_code', ['module_id', 'en_code'])
    .execute();
  await sql`alter table base_module_data_scheme add constraint base_module_data_scheme_kind check (kind in ('all', 'organize', 'organizeAndSub', 'own', 'custom'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_module_data_scheme').ifExists().execute();
  await db.schema.dropTable('base_role_organize').ifExists().execute();
}
