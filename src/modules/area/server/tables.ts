import type { WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The area module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

export interface AreaTable {
  /** The GB/T 2260 code. */
  id: string;
  parent_id: string;
  full_name: string;
  en_code: string;
  /** 1 province, 2 city, 3 district */
  type: number;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
}

export interface AreaTables {
  base_area: AreaTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends AreaTables {}
}
