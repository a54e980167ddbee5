import type { Generated } from 'kysely';
import type { NullableTimestamp, WithDefault } from '../../../kernel/server/db/columnTypes.js';


/**
 * A data interface (JNPF's base_data_interface): where a select, a popup or a relation list reads its rows.
 * type 1 SQL, 2 static JSON, 3 HTTP; the details of each live in data_config_json, as JNPF keeps them.
 */
export interface DataInterfaceTable {
  id: string;
  /** A dictionary entry id or code (JNPF's interface categories); free text when none fits. */
  category: string;
  full_name: string;
  en_code: string;
  type: number;
  /** JNPF's action: 3 query. Only queries exist here. */
  action: WithDefault<number>;
  /** 1: the interface pages its rows itself (SQL: limit/offset around the query; static: slices). */
  has_page: WithDefault<number>;
  /** {staticData, sqlData: {sql}, apiData: {method, url, header, query, body}} as JSON text. */
  data_config_json: string;
  /** [{field, fieldName, dataType, required, defaultValue}] as JSON text. */
  parameter_json: string | null;
  /** [{defaultValue, field}] the columns the interface answers, as JSON text. */
  field_json: string | null;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  creator_user_id: string | null;
  created_at: Generated<Date>;
  last_modify_time: NullableTimestamp;
  last_modify_user_id: string | null;
}

/** One call of an interface (JNPF's base_data_interface_log): who, when, from where, how long, and whether it worked. */
export interface DataInterfaceLogTable {
  id: string;
  invoke_id: string;
  invoke_time: Generated<Date>;
  user_id: string | null;
  invoke_ip: string | null;
  invoke_device: string | null;
  /** preview, list, infoByIds, fields: which call ran it. */
  invoke_type: string;
  waste_time: number;
  /** 1 answered, 0 failed (the message is kept in error_message). */
  success: number;
  error_message: string | null;
}

/** The data interface module's tables, added to the server's DB type at the end of this file. */
export interface DataInterfaceTables {
  base_data_interface: DataInterfaceTable;
  base_data_interface_log: DataInterfaceLogTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends DataInterfaceTables {}
}
