import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { latestTask } from './engine.js';

/**
 * The approval records of a record's latest flow in the shape print data's operatorRecordList takes (spec 001 §3:
 * nodeName, userName, handleTime, handleStatus, handleOpinion; handleStatus as §4's handle actions), oldest
 * first. The print module calls this with the print's formId (the design id) and the record id; a record never
 * sent for approval answers an empty list.
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface OperatorRecord {
  id: string;
  taskId: string;
  nodeName: string;
  userName: string;
  handleId: string;
  handleTime: number;
  handleStatus: number;
  handleOpinion: string;
  /** The user a transfer handed the step to, when the action is a transfer (7). */
  freeApproverUserName: string;
}

/** Every record of one flow, oldest first, with the users' real names. */
export async function recordsOfTask(db: Db, taskId: string): Promise<OperatorRecord[]> {
  const rows = await db
    .selectFrom('flow_record as r')
    .leftJoin('base_user as u', 'u.id', 'r.handler_id')
    .leftJoin('base_user as to', 'to.id', 'r.to_user_id')
    .select(['r.id', 'r.task_id', 'r.node_name', 'r.handler_id', 'r.handle_time', 'r.handle_status', 'r.handle_opinion', 'u.real_name as userName', 'to.real_name as toName'])
    .where('r.task_id', '=', taskId)
    .orderBy('r.seq')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    taskId: r.task_id,
    nodeName: r.node_name,
    userName: r.userName ?? '',
    handleId: r.handler_id,
    handleTime: new Date(r.handle_time).getTime(),
    handleStatus: r.handle_status,
    handleOpinion: r.handle_opinion ?? '',
    freeApproverUserName: r.toName ?? '',
  }));
}

export async function approvalRecordsFor(db: Db, target: { formId: string; recordId: string }): Promise<OperatorRecord[]> {
  if (!target.formId || !target.recordId) return [];
  const task = await latestTask(db, target.formId, target.recordId);
  return task ? recordsOfTask(db, task.id) : [];
}
