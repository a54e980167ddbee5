import type { Kysely, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { APPROVER_TYPES, DEFAULT_FLOW_URGENCY, FLOW_LIMITS, type ApproverType, type FlowStep } from '../../../shared/workflow/flowStatus.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * A design's linear approval chain (流程配置 on 功能设计): its steps in order, each with who approves it. A step is
 * approved when any one of its approvers approves ("or" signing); the chain is copied into each flow at launch,
 * so editing a chain never changes a flow already under way.
 */
type Db = Kysely<DB> | Transaction<DB>;

export interface ChainInput {
  enabledMark?: number;
  flowUrgent?: number | string;
  steps?: unknown;
}

export interface Chain {
  designId: string;
  enabledMark: number;
  flowUrgent: number;
  steps: FlowStep[];
}

export function urgencyOf(value: unknown, fallback: number = DEFAULT_FLOW_URGENCY): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (![1, 2, 3].includes(n)) throw AppError.badRequest('workflow.urgencyInvalid');
  return n;
}

export function parseSteps(text: string): FlowStep[] {
  try {
    const steps: unknown = JSON.parse(text);
    return Array.isArray(steps) ? (steps as FlowStep[]) : [];
  } catch {
    return [];
  }
}

export async function getChain(db: Db, designId: string): Promise<Chain | undefined> {
  const row = await db.selectFrom('flow_chain').selectAll().where('design_id', '=', designId).executeTakeFirst();
  if (!row) return undefined;
  return { designId, enabledMark: row.enabled_mark, flowUrgent: row.flow_urgent, steps: parseSteps(row.steps_json) };
}

/** The chain the chain editor shows: the saved one, or an empty disabled one. */
export async function chainOfDesign(db: Db, designId: string) {
  const design = await db.selectFrom('base_visual_dev').select(['id', 'full_name']).where('id', '=', designId).executeTakeFirst();
  if (!design) throw new AppError(ResultCode.notFound, 'workflow.designNotFound');
  const chain = await getChain(db, designId);
  return { designId, fullName: design.full_name, enabledMark: chain?.enabledMark ?? 0, flowUrgent: chain?.flowUrgent ?? DEFAULT_FLOW_URGENCY, steps: chain?.steps ?? [] };
}

async function existingIds(db: Db, type: ApproverType, ids: string[]): Promise<number> {
  if (type === 'user') return (await db.selectFrom('base_user').select('id').where('id', 'in', ids).where('enabled_mark', '=', 1).execute()).length;
  if (type === 'role') return (await db.selectFrom('base_role').select('id').where('id', 'in', ids).execute()).length;
  return (await db.selectFrom('base_position').select('id').where('id', 'in', ids).execute()).length;
}

/** Checks a chain as the editor sends it; every refusal names the step, and nothing is written. */
export async function checkSteps(db: Db, raw: unknown): Promise<FlowStep[]> {
  if (!Array.isArray(raw) || raw.length === 0) throw AppError.badRequest('workflow.stepsRequired');
  if (raw.length > FLOW_LIMITS.steps) throw AppError.badRequest('workflow.stepsTooMany');
  const steps: FlowStep[] = [];
  for (const [i, item] of raw.entries()) {
    const index = i + 1;
    const step = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const nodeName = typeof step.nodeName === 'string' ? step.nodeName.trim() : '';
    if (!nodeName) throw AppError.badRequest('workflow.nodeNameRequired', { index });
    if (nodeName.length > FLOW_LIMITS.nodeNameLength) throw AppError.badRequest('workflow.nodeNameTooLong');
    const approverType = step.approverType as ApproverType;
    if (!APPROVER_TYPES.includes(approverType)) throw AppError.badRequest('workflow.approverTypeInvalid', { index });
    let approverIds: string[] = [];
    if (approverType !== 'deptHead') {
      const ids = Array.isArray(step.approverIds) ? step.approverIds : [];
      approverIds = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 50))];
      if (approverIds.length === 0 || approverIds.length !== ids.length) throw AppError.badRequest(approverIds.length === 0 ? 'workflow.approversRequired' : 'workflow.approversInvalid', { index });
      if (approverIds.length > FLOW_LIMITS.approverIds || (await existingIds(db, approverType, approverIds)) !== approverIds.length) throw AppError.badRequest('workflow.approversInvalid', { index });
    }
    steps.push({ nodeName, approverType, approverIds });
  }
  return steps;
}

export async function saveChain(db: Kysely<DB>, designId: string, input: ChainInput, userId: string): Promise<void> {
  const design = await db.selectFrom('base_visual_dev').select('id').where('id', '=', designId).executeTakeFirst();
  if (!design) throw new AppError(ResultCode.notFound, 'workflow.designNotFound');
  const enabledMark = input.enabledMark === 0 ? 0 : 1;
  const flowUrgent = urgencyOf(input.flowUrgent);
  // A disabled chain may be saved unfinished; an enabled one must be usable.
  const steps = enabledMark === 1 || (Array.isArray(input.steps) && input.steps.length > 0) ? await checkSteps(db, input.steps) : [];
  const values = { enabled_mark: enabledMark, flow_urgent: flowUrgent, steps_json: JSON.stringify(steps), last_modify_user_id: userId, last_modify_time: new Date() };
  await db
    .insertInto('flow_chain')
    .values({ design_id: designId, ...values })
    .onConflict((oc) => oc.column('design_id').doUpdateSet(values))
    .execute();
}

/**
 * The users who approve a step of a flow launched by `launcherId`, enabled accounts only. The department head is
 * the manager of the launcher's department, or of the nearest department above it that has one.
 */
export async function approversOf(db: Db, step: FlowStep, launcherId: string): Promise<string[]> {
  const enabled = (ids: string[]) => (ids.length ? db.selectFrom('base_user').select('id').where('id', 'in', ids).where('enabled_mark', '=', 1).execute() : Promise.resolve([]));
  let ids: string[] = [];
  if (step.approverType === 'user') ids = step.approverIds;
  else if (step.approverType === 'role' || step.approverType === 'position') {
    const objectType = step.approverType === 'role' ? 'Role' : 'Position';
    const related = step.approverIds.length ? await db.selectFrom('base_user_relation').select('user_id').where('object_type', '=', objectType).where('object_id', 'in', step.approverIds).execute() : [];
    ids = related.map((r) => r.user_id);
    if (step.approverType === 'position' && step.approverIds.length) ids.push(...(await db.selectFrom('base_user').select('id').where('position_id', 'in', step.approverIds).execute()).map((r) => r.id));
  } else {
    const launcher = await db.selectFrom('base_user').select('organize_id').where('id', '=', launcherId).executeTakeFirst();
    let organizeId = launcher?.organize_id ?? null;
    for (let depth = 0; organizeId && depth < 20; depth++) {
      const organize = await db.selectFrom('base_organize').select(['parent_id', 'manager_id']).where('id', '=', organizeId).executeTakeFirst();
      if (!organize) break;
      if (organize.manager_id) {
        ids = [organize.manager_id];
        break;
      }
      organizeId = organize.parent_id;
    }
  }
  const found = new Set((await enabled([...new Set(ids)])).map((r) => r.id));
  // The chain's order of users is kept; unknown or disabled ones drop out.
  return [...new Set(ids)].filter((id) => found.has(id));
}
