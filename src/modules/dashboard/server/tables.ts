import type { ColumnType } from 'kysely';

/** The dashboard module's table, joined into the server's DB type by db/schema.ts. */
export interface DashboardLayoutTable {
  user_id: string;
  /** The layout as JSON: {cards: [{id, visible}], quickLinks: [menu id]}, read through layout.ts. */
  layout: string;
  last_modify_time: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DashboardTables {
  base_dashboard_layout: DashboardLayoutTable;
}
