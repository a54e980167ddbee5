import { sql, type Kysely, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { FLOW_LIMITS, FlowStatus, HandleStatus, type FlowStep } from '../../../shared/workflow/flowStatus.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { translate } from '../../../kernel/server/locales/messages.js';
import { addInboxMessages, MessageType } from '../../message/server/public.js';
import { approversOf, getChain, parseSteps, urgencyOf } from './chain.js';

/**
 * The life of a flow: launched on a record of a design whose chain is enabled, then each step waits for any one of
 * its approvers. Approve moves on (the last step ends the flow adopted), reject ends it rejected, transfer hands
 * the caller's place to another user, withdraw (the launcher) ends it revoked and cancel (the launcher or an
 * administrator) ends it cancelled. Every action is one transaction that re-reads the rows it changes under
 * `for update`, so two approvers acting at once cannot both move the flow.
 */
type Trx = Transaction<DB>;
type Db = Kysely<DB> | Trx;

export interface Actor {
  userId: string;
  isAdministrator: boolean;
}

export interface ActionInput {
  handleOpinion?: string | null;
}

function opinionOf(input: ActionInput | undefined): string | null {
  const text = typeof input?.handleOpinion === 'string' ? input.handleOpinion.trim() : '';
  if (text.length > FLOW_LIMITS.opinionLength) throw AppError.badRequest('workflow.opinionTooLong');
  return text || null;
}

async function nextSeq(trx: Db, taskId: string): Promise<number> {
  const row = await trx.selectFrom('flow_record').select(sql<number>`coalesce(max(seq), 0)`.as('seq')).where('task_id', '=', taskId).executeTakeFirst();
  return Number(row?.seq ?? 0) + 1;
}

async function addRecord(trx: Db, values: { taskId: string; operatorId?: string | null; stepIndex: number; nodeName: string; handlerId: string; handleStatus: number; opinion?: string | null; toUserId?: string | null }): Promise<void> {
  await trx
    .insertInto('flow_record')
    .values({
      id: newId(),
      task_id: values.taskId,
      operator_id: values.operatorId ?? null,
      step_index: values.stepIndex,
      node_name: values.nodeName,
      handler_id: values.handlerId,
      handle_status: values.handleStatus,
      handle_opinion: values.opinion ?? null,
      to_user_id: values.toUserId ?? null,
      handle_time: new Date(),
      seq: await nextSeq(trx, values.taskId),
    })
    .execute();
}

async function realName(trx: Db, userId: string): Promise<string> {
  return (await trx.selectFrom('base_user').select('real_name').where('id', '=', userId).executeTakeFirst())?.real_name ?? '';
}

/** Opens a step: one waiting row per approver, and a message in each approver's list. */
async function openStep(trx: Trx, task: { id: string; flow_name: string; creator_user_id: string }, steps: FlowStep[], index: number): Promise<void> {
  const step = steps[index];
  const approvers = await approversOf(trx, step, task.creator_user_id);
  if (approvers.length === 0) throw AppError.badRequest('workflow.noApprover', { node: step.nodeName });
  const now = new Date();
  await trx
    .insertInto('flow_operator')
    .values(approvers.map((handler) => ({ id: newId(), task_id: task.id, step_index: index, node_name: step.nodeName, handler_id: handler, state: 0, created_at: now })))
    .execute();
  await trx.updateTable('flow_task').set({ step_index: index }).where('id', '=', task.id).execute();
  const title = translate('zh', 'workflow.msgTodo', { user: await realName(trx, task.creator_user_id), flow: task.flow_name });
  await addInboxMessages(trx, { userIds: approvers, type: MessageType.workflow, title, bodyText: task.id, flowType: 1, creatorUserId: task.creator_user_id });
}

/** The latest flow of a record, if any. */
export async function latestTask(db: Db, designId: string, recordId: string) {
  return db.selectFrom('flow_task').selectAll().where('design_id', '=', designId).where('record_id', '=', recordId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * Starts a flow on a record. Refused while another flow of the record waits or once one was adopted; a design
 * without an enabled chain starts nothing when `quiet` (a plain record save), and is refused otherwise.
 */
export async function launch(trx: Trx, input: { designId: string; recordId: string; userId: string; flowUrgent?: unknown; quiet?: boolean }): Promise<string | undefined> {
  const chain = await getChain(trx, input.designId);
  if (!chain || chain.enabledMark !== 1 || chain.steps.length === 0) {
    if (input.quiet) return undefined;
    throw AppError.badRequest('workflow.noChain');
  }
  const flowUrgent = urgencyOf(input.flowUrgent, chain.flowUrgent);
  const previous = await latestTask(trx, input.designId, input.recordId);
  if (previous?.status === FlowStatus.wait) throw AppError.badRequest('workflow.alreadyRunning');
  if (previous?.status === FlowStatus.adopt) throw AppError.badRequest('workflow.alreadyApproved');
  const design = await trx.selectFrom('base_visual_dev').select('full_name').where('id', '=', input.designId).executeTakeFirst();
  const flowName = design?.full_name ?? '';
  const task = { id: newId(), flow_name: flowName, creator_user_id: input.userId };
  await trx
    .insertInto('flow_task')
    .values({
      id: task.id,
      design_id: input.designId,
      record_id: input.recordId,
      full_name: `${await realName(trx, input.userId)}的${flowName}`.slice(0, 200),
      flow_name: flowName,
      status: FlowStatus.wait,
      flow_urgent: flowUrgent,
      steps_json: JSON.stringify(chain.steps),
      step_index: 0,
      creator_user_id: input.userId,
      created_at: new Date(),
    })
    .execute();
  await addRecord(trx, { taskId: task.id, stepIndex: -1, nodeName: '开始', handlerId: input.userId, handleStatus: HandleStatus.initiated });
  await openStep(trx, task, chain.steps, 0);
  return task.id;
}

/**
 * A to-do the caller may act on: their own waiting row of a flow that still waits, locked for the action. The
 * flow's row is locked first and its to-do second, the order every action takes (withdraw and cancel lock the flow,
 * then close its to-dos): two actions locking in opposite orders deadlocked on PostgreSQL. The loser of a race
 * waits for the flow's lock, then reads the winner's outcome: "handled" or "ended".
 */
async function myOperator(trx: Trx, operatorId: string, actor: Actor) {
  const found = await trx.selectFrom('flow_operator').select('task_id').where('id', '=', operatorId).executeTakeFirst();
  if (!found) throw new AppError(ResultCode.notFound, 'workflow.operatorNotFound');
  const task = await trx.selectFrom('flow_task').selectAll().where('id', '=', found.task_id).forUpdate().executeTakeFirstOrThrow();
  const operator = await trx.selectFrom('flow_operator').selectAll().where('id', '=', operatorId).forUpdate().executeTakeFirstOrThrow();
  if (operator.handler_id !== actor.userId) throw new AppError(ResultCode.forbidden, 'workflow.notApprover');
  if (task.status !== FlowStatus.wait) throw AppError.badRequest('workflow.notWaiting');
  if (operator.state !== 0 || operator.step_index !== task.step_index) throw new AppError(ResultCode.notFound, 'workflow.operatorNotFound');
  return { operator, task };
}

/** Closes every waiting row of a flow: the step is decided, or the flow is over. */
async function closeWaiting(trx: Trx, taskId: string, handledId?: string): Promise<void> {
  const now = new Date();
  if (handledId) await trx.updateTable('flow_operator').set({ state: 1, handle_time: now }).where('id', '=', handledId).execute();
  await trx.updateTable('flow_operator').set({ state: -1, handle_time: now }).where('task_id', '=', taskId).where('state', '=', 0).execute();
}

async function finish(trx: Trx, task: { id: string; flow_name: string; creator_user_id: string }, status: number, notify?: 'workflow.msgAdopt' | 'workflow.msgReject'): Promise<void> {
  await trx.updateTable('flow_task').set({ status, end_time: new Date() }).where('id', '=', task.id).execute();
  if (notify) await addInboxMessages(trx, { userIds: [task.creator_user_id], type: MessageType.workflow, title: translate('zh', notify, { flow: task.flow_name }), bodyText: task.id, flowType: 2 });
}

export async function audit(db: Kysely<DB>, operatorId: string, actor: Actor, input?: ActionInput): Promise<number> {
  const opinion = opinionOf(input);
  return db.transaction().execute(async (trx) => {
    const { operator, task } = await myOperator(trx, operatorId, actor);
    await addRecord(trx, { taskId: task.id, operatorId, stepIndex: operator.step_index, nodeName: operator.node_name, handlerId: actor.userId, handleStatus: HandleStatus.approved, opinion });
    await closeWaiting(trx, task.id, operatorId);
    const steps = parseSteps(task.steps_json);
    if (operator.step_index + 1 >= steps.length) {
      await finish(trx, task, FlowStatus.adopt, 'workflow.msgAdopt');
      return FlowStatus.adopt;
    }
    await openStep(trx, task, steps, operator.step_index + 1);
    return FlowStatus.wait;
  });
}

export async function reject(db: Kysely<DB>, operatorId: string, actor: Actor, input?: ActionInput): Promise<void> {
  const opinion = opinionOf(input);
  await db.transaction().execute(async (trx) => {
    const { operator, task } = await myOperator(trx, operatorId, actor);
    await addRecord(trx, { taskId: task.id, operatorId, stepIndex: operator.step_index, nodeName: operator.node_name, handlerId: actor.userId, handleStatus: HandleStatus.sentBack, opinion });
    await closeWaiting(trx, task.id, operatorId);
    await finish(trx, task, FlowStatus.reject, 'workflow.msgReject');
  });
}

export async function transfer(db: Kysely<DB>, operatorId: string, actor: Actor, input: ActionInput & { freeApproverUserId?: string | null }): Promise<void> {
  const opinion = opinionOf(input);
  const toUserId = typeof input.freeApproverUserId === 'string' ? input.freeApproverUserId.trim() : '';
  if (!toUserId) throw AppError.badRequest('workflow.transferUserRequired');
  await db.transaction().execute(async (trx) => {
    const { operator, task } = await myOperator(trx, operatorId, actor);
    if (toUserId === actor.userId) throw AppError.badRequest('workflow.transferToSelf');
    const target = await trx.selectFrom('base_user').select('id').where('id', '=', toUserId).where('enabled_mark', '=', 1).executeTakeFirst();
    if (!target) throw AppError.badRequest('workflow.transferUserInvalid');
    const already = await trx.selectFrom('flow_operator').select('id').where('task_id', '=', task.id).where('state', '=', 0).where('handler_id', '=', toUserId).executeTakeFirst();
    if (already) throw AppError.badRequest('workflow.transferAlreadyApprover');
    await addRecord(trx, { taskId: task.id, operatorId, stepIndex: operator.step_index, nodeName: operator.node_name, handlerId: actor.userId, handleStatus: HandleStatus.transferred, opinion, toUserId });
    // The caller's place passes to the new user: the caller's row is handled, a new waiting row is theirs.
    const now = new Date();
    await trx.updateTable('flow_operator').set({ state: 1, handle_time: now }).where('id', '=', operatorId).execute();
    await trx.insertInto('flow_operator').values({ id: newId(), task_id: task.id, step_index: operator.step_index, node_name: operator.node_name, handler_id: toUserId, state: 0, created_at: now }).execute();
    const title = translate('zh', 'workflow.msgTodo', { user: await realName(trx, task.creator_user_id), flow: task.flow_name });
    await addInboxMessages(trx, { userIds: [toUserId], type: MessageType.workflow, title, bodyText: task.id, flowType: 1, creatorUserId: actor.userId });
  });
}

async function waitingTask(trx: Trx, taskId: string) {
  const task = await trx.selectFrom('flow_task').selectAll().where('id', '=', taskId).forUpdate().executeTakeFirst();
  if (!task) throw new AppError(ResultCode.notFound, 'workflow.taskNotFound');
  return task;
}

/** Withdraw (撤回, FlowLaunch/{id}/Actions/Withdraw): the launcher takes a waiting flow back; status 4 revoke. */
export async function withdraw(db: Kysely<DB>, taskId: string, actor: Actor, input?: ActionInput): Promise<void> {
  const opinion = opinionOf(input);
  await db.transaction().execute(async (trx) => {
    const task = await waitingTask(trx, taskId);
    if (task.creator_user_id !== actor.userId) throw new AppError(ResultCode.forbidden, 'workflow.notLauncher');
    if (task.status !== FlowStatus.wait) throw AppError.badRequest('workflow.notWaiting');
    await addRecord(trx, { taskId, stepIndex: task.step_index, nodeName: parseSteps(task.steps_json)[task.step_index]?.nodeName ?? '', handlerId: actor.userId, handleStatus: HandleStatus.withdrawn, opinion });
    await closeWaiting(trx, taskId);
    await finish(trx, task, FlowStatus.revoke);
  });
}

/** Cancel (作废, FlowBefore/Cancel/{id}): the launcher or an administrator voids a waiting flow; status 5 cancel. */
export async function cancel(db: Kysely<DB>, taskId: string, actor: Actor, input?: ActionInput): Promise<void> {
  const opinion = opinionOf(input);
  await db.transaction().execute(async (trx) => {
    const task = await waitingTask(trx, taskId);
    if (task.creator_user_id !== actor.userId && !actor.isAdministrator) throw new AppError(ResultCode.forbidden, 'workflow.cancelRefused');
    if (task.status !== FlowStatus.wait) throw AppError.badRequest('workflow.notWaiting');
    await addRecord(trx, { taskId, stepIndex: task.step_index, nodeName: parseSteps(task.steps_json)[task.step_index]?.nodeName ?? '', handlerId: actor.userId, handleStatus: HandleStatus.terminated, opinion });
    await closeWaiting(trx, taskId);
    await finish(trx, task, FlowStatus.cancel);
  });
}

/** A record whose latest flow waits or was adopted is not edited nor deleted, by anyone. */
export async function assertRecordEditable(db: Db, designId: string, recordId: string): Promise<void> {
  const task = await latestTask(db, designId, recordId);
  if (task && (task.status === FlowStatus.wait || task.status === FlowStatus.adopt)) throw AppError.badRequest('workflow.recordLocked');
}
