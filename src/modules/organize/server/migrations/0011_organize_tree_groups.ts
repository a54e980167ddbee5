import { sql, type Kysely } from 'kysely';

/**
 * The organisation grows into the backbone (issue 12): a department head, the path of ids from the top company
 * (so "own department and below" is one indexed prefix match, not a recursive query per list), position type and
 * description, and user groups. Existing rows get their path computed here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('base_organize')
    .addColumn('manager_id', 'varchar(50)')
    .addColumn('organize_id_tree', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_modify_time', 'timestamptz')
    .execute();
  await sql`
    with recursive path(id, tree) as (
      select id, id::text from base_organize where parent_id = '-1'
      union all
      select o.id, path.tree || ',' || o.id from base_organize o join path on o.parent_id = path.id
    )
    update base_organize set organize_id_tree = path.tree from path where base_organize.id = path.id
  `.execute(db);
  await sql`create index base_organize_tree on base_organize (organize_id_tree text_pattern_ops)`.execute(db);

  await db.schema
    .alterTable('base_position')
    .addColumn('type', 'varchar(50)')
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('base_group')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('type', 'varchar(50)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index base_group_code on base_group (lower(en_code))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_group').ifExists().execute();
  await db.schema.alterTable('base_position').dropColumn('type').dropColumn('description').dropColumn('created_at').execute();
  await sql`drop index if exists base_organize_tree`.execute(db);
  await db.schema.alterTable('base_organize').dropColumn('manager_id').dropColumn('organize_id_tree').dropColumn('last_modify_time').execute();
}
