import type { Generated } from 'kysely';
import type { NullableTimestamp, WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The workflow module's tables, added to the server's DB type at the end of this file. */

/** A design's approval chain: steps_json is FlowStep[] (shared/workflow/flowStatus.ts). */
export interface FlowChainTable {
  design_id: string;
  enabled_mark: WithDefault<number>;
  /** The urgency a flow of this design starts with unless the launcher picks another. */
  flow_urgent: WithDefault<number>;
  steps_json: string;
  last_modify_user_id: string | null;
  last_modify_time: WithDefault<Date>;
}

/** One flow: a record of a design sent through the design's chain as it stood at launch (steps_json is a copy). */
export interface FlowTaskTable {
  id: string;
  design_id: string;
  record_id: string;
  full_name: string;
  flow_name: string;
  /** FlowStatus: 1 wait, 2 adopt, 3 reject, 4 revoke, 5 cancel. */
  status: number;
  flow_urgent: WithDefault<number>;
  steps_json: string;
  /** The step waiting for approval (while status is 1), counted from 0. */
  step_index: WithDefault<number>;
  creator_user_id: string;
  created_at: Generated<Date>;
  end_time: NullableTimestamp;
}

/** A user a flow's step waits for. state: 0 waiting, 1 handled, -1 no longer needed (another approver acted, or the flow ended). */
export interface FlowOperatorTable {
  id: string;
  task_id: string;
  step_index: number;
  node_name: string;
  handler_id: string;
  state: WithDefault<number>;
  created_at: Generated<Date>;
  handle_time: NullableTimestamp;
}

/** One handle action on a flow (HandleStatus), in the order it happened (seq). */
export interface FlowRecordTable {
  id: string;
  task_id: string;
  operator_id: string | null;
  step_index: number;
  node_name: string;
  handler_id: string;
  handle_status: number;
  handle_opinion: string | null;
  /** The user a transfer handed the step to. */
  to_user_id: string | null;
  handle_time: Generated<Date>;
  seq: number;
}

/** 审批常用语: common_words_type 0 system (every user's picker, managed on the commonWords page), 1 a user's own. */
export interface FlowCommonWordsTable {
  id: string;
  common_words_text: string;
  common_words_type: WithDefault<number>;
  user_id: string | null;
  sort_code: WithDefault<number>;
  enabled_mark: WithDefault<number>;
  creator_user_id: string;
  created_at: Generated<Date>;
  last_modify_time: NullableTimestamp;
}

export interface WorkflowTables {
  flow_chain: FlowChainTable;
  flow_task: FlowTaskTable;
  flow_operator: FlowOperatorTable;
  flow_record: FlowRecordTable;
  flow_common_words: FlowCommonWordsTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends WorkflowTables {}
}
