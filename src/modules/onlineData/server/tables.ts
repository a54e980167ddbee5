import type { Generated } from 'kysely';

/**
 * The onlineData module's tables, added to the server's DB type at the end of this file. The
 * records themselves live in tables made per design (vd_*, see tablePlan.ts); these record what was made.
 */
export interface OnlineDataTables {
  base_visualdev_online_model: OnlineModelTable;
  base_visualdev_online_table: OnlineTableTable;
}

/** A released design as the runtime serves it: the snapshot of its last release and the plan applied for it. */
export interface OnlineModelTable {
  design_id: string;
  full_name: string | null;
  en_code: string;
  web_type: number | null;
  form_data: string;
  column_data: string | null;
  app_column_data: string | null;
  /** The applied TablePlan (JSON), physical names included: what the runtime reads and writes. */
  plan_json: string;
  /** Counts releases: 1 at the first. */
  version: number;
  applied_at: Generated<Date>;
}

/** One physical table and the design that owns it: a name is never shared by two designs. */
export interface OnlineTableTable {
  table_name: string;
  design_id: string;
  role: string;
  /** The sub-table's __vModel__ for a child table. */
  field: string | null;
  created_at: Generated<Date>;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends OnlineDataTables {}
}
