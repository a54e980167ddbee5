import type { ColumnType } from 'kysely';

/** The dashboard module's table, added to the server's DB type at the end of this file. */
export interface DashboardLayoutTable {
  user_id: string;
  /** The layout as JSON: {cards: [{id, visible}], quickLinks: [menu id]}, read through layout.ts. */
  layout: string;
  last_modify_time: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DashboardTables {
  base_dashboard_layout: DashboardLayoutTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends DashboardTables {}
}
