import type { Generated } from 'kysely';
import type { NullableTimestamp, WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The organize module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

export interface OrganizeTable {
  id: string;
  parent_id: string;
  /** company or department */
  category: string;
  full_name: string;
  en_code: string;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
  /** The department head (a user id): approvers "department head" and the organisation list's manager column. */
  manager_id: string | null;
  /** Ids from the top company down to this node, comma-joined, this node last: "department and below" scopes. */
  organize_id_tree: WithDefault<string>;
  last_modify_time: NullableTimestamp;
  /** JNPF's propertyJson: a company's particulars, JSON text of one object (migration 0049_organize_particulars). */
  property_json: string | null;
}

export interface PositionTable {
  id: string;
  organize_id: string;
  full_name: string;
  en_code: string;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  /** Position type (dictionary positionType's enCode), optional. */
  type: string | null;
  description: string | null;
  created_at: Generated<Date>;
}

/** User groups (分组管理, /permission/Group): a set of users that permissions and pickers can name at once. */
export interface GroupTable {
  id: string;
  full_name: string;
  en_code: string;
  /** Group type (dictionary groupType's enCode), optional. */
  type: string | null;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
}

export interface OrganizeTables {
  base_organize: OrganizeTable;
  base_position: PositionTable;
  base_group: GroupTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends OrganizeTables {}
}
