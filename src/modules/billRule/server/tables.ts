import type { Generated } from 'kysely';
import type { WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The billRule module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

export interface BillRuleTable {
  id: string;
  full_name: string;
  en_code: string;
  category: string;
  prefix: string;
  date_format: string;
  digit: number;
  start_number: string;
  /** Last issued sequence value, and the date part it was issued under (see docs/decisions.md). */
  current_number: WithDefault<number>;
  current_date_part: string | null;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  description: string | null;
  created_at: Generated<Date>;
  /** Set from the session on create (migration 0007_billRule_creator_and_modified); null for older rules. */
  creator_user_id: string | null;
  last_modify_time: Date | null;
}

export interface BillRuleTables {
  base_bill_rule: BillRuleTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends BillRuleTables {}
}
