import { sql, type Kysely } from 'kysely';

/**
 * Permission groups (JNPF 3.6's 权限管理): a named set of members — users, organisations, roles, positions, groups —
 * who all receive what the group is granted. Members are rows, not JNPF's comma-joined `id--type` text, so a
 * user's groups are found by an index. Codes are unique without regard to case, as every named record's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_permission_group')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('creator_user_id', 'varchar(50)')
    .addColumn('last_modify_time', 'timestamptz')
    .addColumn('last_modify_user_id', 'varchar(50)')
    .execute();
  await sql`create unique index base_permission_group_code_lower on base_permission_group (lower(en_code))`.execute(db);
  await db.schema
    .createTable('base_permission_group_member')
    .addColumn('group_id', 'varchar(50)', (c) => c.notNull().references('base_permission_group.id').onDelete('cascade'))
    .addColumn('member_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(50)', (c) => c.notNull())
    .addPrimaryKeyConstraint('base_permission_group_member_pk', ['group_id', 'member_type', 'member_id'])
    .execute();
  await db.schema.createIndex('base_permission_group_member_member').on('base_permission_group_member').columns(['member_type', 'member_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_permission_group_member').execute();
  await db.schema.dropTable('base_permission_group').execute();
}
