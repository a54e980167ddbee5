import type { Generated } from 'kysely';
import type { NullableTimestamp, WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The tables of the printDev module, added to the server's DB type at the end of this file. */

/**
 * A print template (JNPF base_print_dev). JNPF binds a template to an SQL query (dbLinkId, sqlTemplate); ours binds
 * a designed form (visual_dev_id) and holds the layout model of src/shared/print (decision 127).
 */
export interface PrintDevTable {
  id: string;
  full_name: string;
  en_code: string;
  /** A printDev dictionary entry's code, or null. */
  category: string | null;
  /** JNPF's type: 1 flow form, 2 function form. */
  type: WithDefault<number>;
  /** The design (base_visual_dev.id) whose records this template prints. */
  visual_dev_id: string | null;
  /** The template JSON (PrintTemplate), as checked on save. */
  print_template: string;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
  creator_user_id: string | null;
  last_modify_time: NullableTimestamp;
  last_modify_user_id: string | null;
}

/** One print of a record (POST /api/system/printLog/save after the browser printed). */
export interface PrintLogTable {
  id: string;
  /** The template (base_print_dev.id) used. */
  print_id: string;
  print_title: string;
  print_num: number;
  /** The record printed, when the client says. */
  form_id: string | null;
  created_at: Generated<Date>;
  creator_user_id: string | null;
}

export interface PrintDevTables {
  base_print_dev: PrintDevTable;
  base_print_log: PrintLogTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends PrintDevTables {}
}
