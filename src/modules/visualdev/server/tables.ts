import type { Generated } from 'kysely';
import type { NullableTimestamp, WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The visualdev module's tables (the designs and their releases), added to the server's DB type at the end of this file. */

/**
 * A design (JNPF base_visualdev): a form definition, its list configuration and the tables it binds, as the
 * designer saved it. The JSON columns hold text exactly as checked on save (definitions are wild JSON, kept whole).
 */
export interface VisualDevTable {
  id: string;
  full_name: string;
  en_code: string;
  /** A design-category entry's id or code (webDesign; service.ts), as the client chose it; JNPF lists show the entry's name. */
  category: string | null;
  /** 1 a designed form; 2 a system form with code of its own (kept for JNPF clients, not built). */
  type: WithDefault<number>;
  /** 1 form only, 2 form and list, 3 form, list and flow, 4 data view (JNPF's page types). */
  web_type: WithDefault<number>;
  form_data: string | null;
  column_data: string | null;
  app_column_data: string | null;
  /** JNPF's `tables`: the main table and sub-tables the form binds, [{table, typeId, relationField, tableField, fields}]. */
  tables_data: string | null;
  db_link_id: string | null;
  /** 0 draft, 1 released, 2 released and changed since (JNPF's F_STATE). */
  state: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  sort_code: WithDefault<number>;
  description: string | null;
  /** What the last release asked for: {pc, app, pcModuleParentId, appModuleParentId}. */
  platform_release: string | null;
  created_at: Generated<Date>;
  creator_user_id: string | null;
  last_modify_time: NullableTimestamp;
  last_modify_user_id: string | null;
}

/**
 * The released version of a design (JNPF base_visualdev_release): what staff's pages run, so editing a design
 * changes nothing for them until it is released again.
 */
export interface VisualDevReleaseTable {
  id: string;
  full_name: string;
  en_code: string;
  web_type: number;
  form_data: string | null;
  column_data: string | null;
  app_column_data: string | null;
  tables_data: string | null;
  db_link_id: string | null;
  released_at: Generated<Date>;
  released_by: string | null;
}

export interface DesignTables {
  base_visual_dev: VisualDevTable;
  base_visual_dev_release: VisualDevReleaseTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends DesignTables {}
}
