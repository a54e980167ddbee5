import type { Generated } from 'kysely';
import type { WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The permission module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

export interface RoleTable {
  id: string;
  full_name: string;
  en_code: string;
  global_mark: WithDefault<number>;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
}

/** A permission group (JNPF 3.6's 权限管理): its members all receive what it is granted (migration 0047). */
export interface PermissionGroupTable {
  id: string;
  full_name: string;
  en_code: string;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
  creator_user_id: string | null;
  last_modify_time: Date | null;
  last_modify_user_id: string | null;
}

/** A member of a permission group: a user, an organisation (company or department), a role, a position or a group. */
export interface PermissionGroupMemberTable {
  group_id: string;
  member_type: string;
  member_id: string;
}

/** The organisations an organisation role (global_mark 0) belongs to; global roles have none. */
export interface RoleOrganizeTable {
  role_id: string;
  organize_id: string;
}

/**
 * Data-permission schemes of a menu page (spec 000 §6 data permissions): what rows a grantee sees on that page's
 * lists. kind: all, organize (own organisation), organizeAndSub (own department and below), own (own records),
 * custom (condition_json: [{field, op, value}] matched with match_logic and/or).
 */
export interface ModuleDataSchemeTable {
  id: string;
  module_id: string;
  en_code: string;
  full_name: string;
  kind: string;
  condition_json: string | null;
  match_logic: WithDefault<string>;
  sort_code: WithDefault<number>;
}

export interface ModuleTable {
  id: string;
  parent_id: string;
  /** Menu item types 0–8 of spec 000 §2. */
  type: number;
  en_code: string;
  full_name: string;
  icon: string | null;
  url_address: string | null;
  link_target: string | null;
  property_json: string | null;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  is_button_authorize: WithDefault<number>;
  is_column_authorize: WithDefault<number>;
  is_form_authorize: WithDefault<number>;
}

/** Buttons, columns and form fields of a module share one shape: an enCode the permission lists refer to. */
export interface ModuleResourceTable {
  id: string;
  module_id: string;
  en_code: string;
  full_name: string;
  sort_code: WithDefault<number>;
}

export interface AuthorizeTable {
  id: string;
  /** system (app), module (menu), button, column, form or resource (a data scheme of base_module_data_scheme) */
  item_type: string;
  item_id: string;
  /** Role, Position, User or Group: a user's permission is the union of what each of these grants them */
  object_type: string;
  object_id: string;
}

export interface ColumnSettingTable {
  user_id: string;
  module_id: string;
  /** JSON: [{prop, label, visible}] */
  field_list: string;
  updated_at: Generated<Date>;
}

export interface PermissionTables {
  base_role: RoleTable;
  base_role_organize: RoleOrganizeTable;
  base_permission_group: PermissionGroupTable;
  base_permission_group_member: PermissionGroupMemberTable;
  base_module_data_scheme: ModuleDataSchemeTable;
  base_module: ModuleTable;
  base_module_button: ModuleResourceTable;
  base_module_column: ModuleResourceTable;
  base_module_form: ModuleResourceTable;
  base_authorize: AuthorizeTable;
  base_column_setting: ColumnSettingTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends PermissionTables {}
}
