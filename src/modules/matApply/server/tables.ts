import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The matApply module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

/** A project requisitions are booked to (module matApply). */
export interface ProjectTable {
  id: string;
  pro_name: string;
  organize_id: string | null;
  enabled_mark: WithDefault<number>;
  created_at: Generated<Date>;
}

export interface ProjectMemberTable {
  project_id: string;
  user_id: string;
}

/** A reagent a user holds that waits to go back to stock (matApply): 0 open, 1 submitted in a requisition. */
export interface ReturnedMatTable {
  id: string;
  user_id: string;
  item_id: string | null;
  name: string;
  cas: string | null;
  spec: string | null;
  brand: string | null;
  fineness: string | null;
  unit: string | null;
  bin_name: string | null;
  /** A date column; read it through to_char so both drivers answer the same text. */
  exp_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
  apply_num: number;
  status: WithDefault<number>;
  created_at: Generated<Date>;
}

/** A material requisition application (spec 001 §3 requisition application). */
export interface MatApplyTable {
  id: string;
  bill_no: string;
  /** The applicant's user id (the caller who submitted). */
  application_user: string;
  application_date: Timestamp;
  project_id: string | null;
  need_org: string;
  company_id: string | null;
  need_user: string;
  need_date: Timestamp;
  address: string;
  /** Empty for a new application; §4 labels: 0 pending, 1 in approval, 3 rejected, -2 voided, anything else approved. */
  approval_status: number | null;
  /** 0, or 1 once voided by its owner. */
  void_status: WithDefault<number>;
  remarks: string | null;
  creator_user_id: string;
  /** The creator's main organisation when submitted (data scopes by organisation). */
  organize_id: string | null;
  created_at: Generated<Date>;
}

/** A row of an application: a spare-stock product (kind spare) or a returned reagent (kind returned). */
export interface MatApplyDetailTable {
  id: string;
  apply_id: string;
  kind: string;
  sort_code: WithDefault<number>;
  product_id: string | null;
  returned_mat_id: string | null;
  name: string | null;
  cas: string | null;
  product_count: number;
  spec: string | null;
  model: string | null;
  product_number: string | null;
  brand: string | null;
  fineness: string | null;
  unit: string | null;
  customer_undertake: WithDefault<number>;
}

export interface MatApplyTables {
  biz_project: ProjectTable;
  biz_project_member: ProjectMemberTable;
  biz_returned_mat: ReturnedMatTable;
  biz_mat_apply: MatApplyTable;
  biz_mat_apply_detail: MatApplyDetailTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends MatApplyTables {}
}
