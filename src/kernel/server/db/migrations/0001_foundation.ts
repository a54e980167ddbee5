import { sql, type Kysely } from 'kysely';

/**
 * The foundation: organisation, users, roles, menus with their permission resources, dictionaries, bill rules,
 * settings, and the session tables. Later migrations add; none edits this one once it has shipped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = (name = 'id') => [name, 'varchar(50)', (c: any) => c.primaryKey()] as const;
  const now = sql`now()`;

  await db.schema
    .createTable('base_organize')
    .addColumn(...id())
    .addColumn('parent_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('base_position')
    .addColumn(...id())
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull().references('base_organize.id'))
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('base_role')
    .addColumn(...id())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('global_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .execute();

  await db.schema
    .createTable('base_user')
    .addColumn(...id())
    .addColumn('account', 'varchar(50)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(20)')
    .addColumn('email', 'varchar(100)')
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('head_icon', 'varchar(200)')
    .addColumn('organize_id', 'varchar(50)', (c) => c.notNull().references('base_organize.id'))
    .addColumn('position_id', 'varchar(50)', (c) => c.references('base_position.id'))
    .addColumn('parent_user_id', 'varchar(50)', (c) => c.references('base_user.id'))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('is_administrator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('theme', 'varchar(20)', (c) => c.notNull().defaultTo('classic'))
    .addColumn('language', 'varchar(10)', (c) => c.notNull().defaultTo('zh'))
    .addColumn('signature', 'varchar(500)')
    .addColumn('fill_project', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('change_password_date', 'timestamptz')
    .addColumn('prev_login_time', 'timestamptz')
    .addColumn('prev_login_ip', 'varchar(64)')
    .addColumn('last_login_time', 'timestamptz')
    .addColumn('last_login_ip', 'varchar(64)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // Main accounts are unique by account; sub-accounts by (main account, mobile).
  await sql`create unique index base_user_account_main on base_user (lower(account)) where parent_user_id is null`.execute(db);
  await sql`create unique index base_user_sub_account on base_user (parent_user_id, mobile) where parent_user_id is not null`.execute(db);

  await db.schema
    .createTable('base_user_relation')
    .addColumn(...id())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull().references('base_user.id').onDelete('cascade'))
    .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(50)', (c) => c.notNull())
    .addUniqueConstraint('base_user_relation_unique', ['user_id', 'object_type', 'object_id'])
    .execute();

  await db.schema
    .createTable('base_module')
    .addColumn(...id())
    .addColumn('parent_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('icon', 'varchar(100)')
    .addColumn('url_address', 'varchar(500)')
    .addColumn('link_target', 'varchar(20)')
    .addColumn('property_json', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_button_authorize', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_column_authorize', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_form_authorize', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  for (const table of ['base_module_button', 'base_module_column', 'base_module_form']) {
    await db.schema
      .createTable(table)
      .addColumn(...id())
      .addColumn('module_id', 'varchar(50)', (c) => c.notNull().references('base_module.id').onDelete('cascade'))
      .addColumn('en_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint(`${table}_code`, ['module_id', 'en_code'])
      .execute();
  }

  await db.schema
    .createTable('base_authorize')
    .addColumn(...id())
    .addColumn('item_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(50)', (c) => c.notNull())
    .addUniqueConstraint('base_authorize_unique', ['item_type', 'item_id', 'object_type', 'object_id'])
    .execute();
  await db.schema.createIndex('base_authorize_object').on('base_authorize').columns(['object_type', 'object_id']).execute();

  await db.schema
    .createTable('base_dictionary_type')
    .addColumn(...id())
    .addColumn('parent_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('is_tree', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('base_dictionary_data')
    .addColumn(...id())
    .addColumn('dictionary_type_id', 'varchar(50)', (c) => c.notNull().references('base_dictionary_type.id').onDelete('cascade'))
    .addColumn('parent_id', 'varchar(50)', (c) => c.notNull().defaultTo('0'))
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('base_dictionary_data_code', ['dictionary_type_id', 'en_code'])
    .execute();

  await db.schema
    .createTable('base_bill_rule')
    .addColumn(...id())
    .addColumn('full_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(50)', (c) => c.notNull())
    .addColumn('date_format', 'varchar(20)', (c) => c.notNull())
    .addColumn('digit', 'integer', (c) => c.notNull())
    .addColumn('start_number', 'varchar(9)', (c) => c.notNull())
    .addColumn('current_number', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('current_date_part', 'varchar(20)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('base_sys_config')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('auth_session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull().references('base_user.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoke_reason', 'varchar(50)')
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('auth_session_user').on('auth_session').column('user_id').execute();

  await db.schema
    .createTable('auth_login_attempt')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('auth_login_attempt_account').on('auth_login_attempt').columns(['account', 'created_at']).execute();
  await db.schema.createIndex('auth_login_attempt_ip').on('auth_login_attempt').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('auth_captcha')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(10)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('base_sys_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'varchar(50)')
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('base_sys_log_user').on('base_sys_log').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'base_sys_log', 'auth_captcha', 'auth_login_attempt', 'auth_session', 'base_sys_config', 'base_bill_rule',
    'base_dictionary_data', 'base_dictionary_type', 'base_authorize', 'base_module_form', 'base_module_column',
    'base_module_button', 'base_module', 'base_user_relation', 'base_user', 'base_role', 'base_position', 'base_organize',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
