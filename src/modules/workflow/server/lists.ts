import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { FlowStatus } from '../../../shared/workflow/flowStatus.js';
import { AppError } from '../../../kernel/server/appError.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { loadOnlineModel } from '../../onlineData/server/public.js';
import { readRecord } from '../../onlineData/server/public.js';
import { recordsOfTask } from './approvalRecords.js';
import { approversOf, parseSteps } from './chain.js';
import type { Actor } from './engine.js';

/**
 * What people see of flows: their to-dos (FlowBefore/List/1), what they handled (List/2), what they launched
 * (FlowLaunch), and one flow whole (FlowBefore/{id}) with its record, steps and approval records. Times are epoch
 * milliseconds, as JNPF's flow lists answer them.
 */
const ms = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : null);
const completion = (status: number, stepIndex: number, steps: number) => (status === FlowStatus.adopt ? 100 : steps ? Math.floor((stepIndex * 100) / steps) : 0);
const stepName = (stepsJson: string, index: number, status: number) => (status === FlowStatus.wait ? (parseSteps(stepsJson)[index]?.nodeName ?? '') : status === FlowStatus.adopt ? '结束' : '');

const common = (prefix: string): Pick<ListSpec, 'keywordColumns' | 'filters'> => ({
  keywordColumns: ['t.full_name', 't.flow_name'],
  filters: { flowUrgent: { column: 't.flow_urgent', searchType: 1 }, status: { column: 't.status', searchType: 1 }, formId: { column: 't.design_id', searchType: 1 }, [`${prefix}`]: { column: 't.id', searchType: 1 } },
});

function taskFields(t: { task_id: string; full_name: string; flow_name: string; status: number; flow_urgent: number; step_index: number; steps_json: string; design_id: string; record_id: string; created_at: Date; end_time: Date | null; launcher: string | null }) {
  return {
    taskId: t.task_id,
    processId: t.task_id,
    fullName: t.full_name,
    flowName: t.flow_name,
    status: t.status,
    flowUrgent: t.flow_urgent,
    thisStep: stepName(t.steps_json, t.step_index, t.status),
    completion: completion(t.status, t.step_index, parseSteps(t.steps_json).length),
    formId: t.design_id,
    recordId: t.record_id,
    startTime: ms(t.created_at),
    endTime: ms(t.end_time),
    userName: t.launcher ?? '',
  };
}

const taskColumns = ['t.id as task_id', 't.full_name', 't.flow_name', 't.status', 't.flow_urgent', 't.step_index', 't.steps_json', 't.design_id', 't.record_id', 't.created_at', 't.end_time', 'u.real_name as launcher'] as const;

/** 待办事宜: the caller's waiting rows of flows that still wait. id is the to-do (taskOperatorId) the actions take. */
export async function todoList(db: Kysely<DB>, userId: string, params: ListParams) {
  const base = db
    .selectFrom('flow_operator as o')
    .innerJoin('flow_task as t', 't.id', 'o.task_id')
    .leftJoin('base_user as u', 'u.id', 't.creator_user_id')
    .select(['o.id', 'o.node_name', 'o.created_at as arrived', ...taskColumns])
    .where('o.handler_id', '=', userId)
    .where('o.state', '=', 0)
    .where('t.status', '=', FlowStatus.wait);
  const { list, pagination } = await listQuery(base, params, { ...common('taskId'), sortable: { creatorTime: 'o.created_at', startTime: 't.created_at' }, defaultOrder: [['o.created_at', 'desc']], tieBreaker: 'o.id' });
  return { list: list.map((r) => ({ id: r.id, taskOperatorId: r.id, nodeName: r.node_name, creatorTime: ms(r.arrived), ...taskFields(r) })), pagination };
}

/** 已办事宜: the approvals, rejections and transfers the caller made, latest first. */
export async function doneList(db: Kysely<DB>, userId: string, params: ListParams) {
  const base = db
    .selectFrom('flow_record as r')
    .innerJoin('flow_task as t', 't.id', 'r.task_id')
    .leftJoin('base_user as u', 'u.id', 't.creator_user_id')
    .select(['r.id', 'r.node_name', 'r.handle_status', 'r.handle_opinion', 'r.handle_time', ...taskColumns])
    .where('r.handler_id', '=', userId)
    .where('r.handle_status', 'in', [0, 1, 7]);
  const { list, pagination } = await listQuery(base, params, { ...common('taskId'), sortable: { handleTime: 'r.handle_time', startTime: 't.created_at' }, defaultOrder: [['r.handle_time', 'desc']], tieBreaker: 'r.id' });
  return {
    list: list.map((r) => ({ id: r.id, nodeName: r.node_name, handleStatus: r.handle_status, handleOpinion: r.handle_opinion ?? '', handleTime: ms(r.handle_time), creatorTime: ms(r.handle_time), ...taskFields(r) })),
    pagination,
  };
}

/** 我发起的: the flows the caller launched, latest first. id is the flow (task) id. */
export async function launchList(db: Kysely<DB>, userId: string, params: ListParams) {
  const base = db
    .selectFrom('flow_task as t')
    .leftJoin('base_user as u', 'u.id', 't.creator_user_id')
    .select(taskColumns)
    .where('t.creator_user_id', '=', userId);
  const { list, pagination } = await listQuery(base, params, { ...common('id'), sortable: { startTime: 't.created_at', creatorTime: 't.created_at' }, defaultOrder: [['t.created_at', 'desc']], tieBreaker: 't.id' });
  return { list: list.map((r) => ({ id: r.task_id, creatorTime: ms(r.created_at), ...taskFields(r) })), pagination };
}

/**
 * One flow whole. Open to its launcher, to everyone it ever waited for or who acted on it, and to administrators;
 * to anyone else it does not exist. The record is read without the design menu's data scope: being part of the
 * flow is what lets an approver see it.
 */
export async function flowDetail(db: Kysely<DB>, taskId: string, actor: Actor) {
  const task = await db.selectFrom('flow_task as t').leftJoin('base_user as u', 'u.id', 't.creator_user_id').select([...taskColumns, 't.creator_user_id']).where('t.id', '=', taskId).executeTakeFirst();
  if (!task) throw new AppError(ResultCode.notFound, 'workflow.taskNotFound');
  const operators = await db.selectFrom('flow_operator as o').leftJoin('base_user as u', 'u.id', 'o.handler_id').select(['o.id', 'o.step_index', 'o.handler_id', 'o.state', 'u.real_name']).where('o.task_id', '=', taskId).orderBy('o.created_at').orderBy('o.id').execute();
  const records = await recordsOfTask(db, taskId);
  const involved = task.creator_user_id === actor.userId || operators.some((o) => o.handler_id === actor.userId) || records.some((r) => r.handleId === actor.userId);
  if (!involved && !actor.isAdministrator) throw new AppError(ResultCode.notFound, 'workflow.taskNotFound');

  let formData: unknown = null;
  let flowFormInfo: { id: string; fullName: string; enCode: string; formData: string } | null = null;
  try {
    const model = await loadOnlineModel(db, task.design_id);
    flowFormInfo = { id: model.designId, fullName: model.fullName, enCode: model.enCode, formData: model.formData };
    formData = await readRecord(db, model, task.record_id);
  } catch (error) {
    // A design withdrawn or a record deleted since leaves the flow and its records readable.
    if (!(error instanceof AppError)) throw error;
  }
  const steps = parseSteps(task.steps_json);
  const myWaiting = task.status === FlowStatus.wait ? operators.find((o) => o.handler_id === actor.userId && o.state === 0 && o.step_index === task.step_index) : undefined;
  const flowTaskNodeList = await Promise.all(
    steps.map(async (step, index) => {
      const here = operators.filter((o) => o.step_index === index);
      // Steps not reached yet show who would approve them now.
      const names = here.length ? [...new Set(here.filter((o) => o.state !== -1 || index === task.step_index).map((o) => o.real_name ?? ''))] : await approverNames(db, step, task.creator_user_id);
      const state = index < task.step_index || task.status === FlowStatus.adopt ? 'done' : index === task.step_index && task.status === FlowStatus.wait ? 'current' : 'waiting';
      return { nodeName: step.nodeName, approverType: step.approverType, approvers: names.join('、'), state };
    }),
  );
  return {
    flowTaskInfo: { id: task.task_id, ...taskFields(task), creatorUserId: task.creator_user_id },
    flowFormInfo,
    formData,
    flowTaskNodeList,
    flowTaskOperatorRecordList: records,
    actions: {
      taskOperatorId: myWaiting?.id ?? null,
      audit: Boolean(myWaiting),
      reject: Boolean(myWaiting),
      transfer: Boolean(myWaiting),
      withdraw: task.status === FlowStatus.wait && task.creator_user_id === actor.userId,
      cancel: task.status === FlowStatus.wait && (task.creator_user_id === actor.userId || actor.isAdministrator),
    },
  };
}

async function approverNames(db: Kysely<DB>, step: Parameters<typeof approversOf>[1], launcherId: string): Promise<string[]> {
  const ids = await approversOf(db, step, launcherId);
  if (!ids.length) return [];
  const rows = await db.selectFrom('base_user').select(['id', 'real_name']).where('id', 'in', ids).execute();
  return rows.map((r) => r.real_name);
}
