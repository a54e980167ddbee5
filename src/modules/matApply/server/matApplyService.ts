import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import type { Language } from '../../../shared/language.js';
import { billDatePart } from '../../../shared/billNumber.js';
import {
  ADDRESS_MAX_LENGTH,
  APPROVAL_LABELS,
  APPROVAL_STATUS_VOIDED,
  approvalState,
  firstRequisitionProblem,
  REMARKS_MAX_LENGTH,
  spareCount,
  type RequisitionRule,
} from '../../../shared/requisitionRules.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { applyDataScope, type DataScopeRequest } from '../../../kernel/server/crud/dataScope.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import type { MessageKey } from '../../../kernel/server/locales/messages.js';
import { loadOrganizeIndex } from '../../users/server/public.js';
import { nextBillNumber } from '../../billRule/server/public.js';
import { isProjectMember } from './projects.js';
import { RETURNED_OPEN, RETURNED_SUBMITTED } from './returnedMats.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Material requisition applications (spec 001 §3 requisition application, §4 requisition, §5 requisition submit,
 * §7 BizMatApply). A submission is checked by the §5 rules in the spec's order (src/shared/requisitionRules.ts,
 * the drawer's own), then by what only the server can know, and written in one transaction: the application, its
 * spare-stock and returned-reagent rows, and the returned reagents marked submitted.
 */

/** The bill rule (fixtures/billRule/billRules.json, module billRule) whose numbers applications carry. */
export const MAT_APPLY_BILL_RULE = 'MatApply';

export interface SpareRowInput {
  productId?: unknown;
  productCount?: unknown;
  customerUndertake?: unknown;
  [field: string]: unknown;
}

export interface ReturnedRowInput {
  returnedMatId?: unknown;
  [field: string]: unknown;
}

/** The requisition form (dataForm) as the drawer sends it; applicationUser/applicationDate/companyId are derived. */
export interface MatApplyInput {
  applicationUser?: unknown;
  applicationDate?: unknown;
  projectId?: unknown;
  needOrg?: unknown;
  companyId?: unknown;
  needUser?: unknown;
  needDate?: unknown;
  address?: unknown;
  approvalStatus?: unknown;
  voidStatus?: unknown;
  remarks?: unknown;
  matApplyDetail?: SpareRowInput[] | null;
  returnedMatApplyDetail?: ReturnedRowInput[] | null;
}

const RULE_KEYS: Record<RequisitionRule, MessageKey> = {
  nothingSubmitted: 'matApply.nothingSubmitted',
  spareProductRequired: 'matApply.spareProductRequired',
  spareCountRequired: 'matApply.spareCountRequired',
  spareCountInvalid: 'matApply.spareCountInvalid',
  projectRequired: 'matApply.projectRequired',
  needDateRequired: 'matApply.needDateRequired',
  needUserRequired: 'matApply.needUserRequired',
  needOrgRequired: 'matApply.needOrgRequired',
  addressRequired: 'matApply.addressRequired',
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** needDate: a timestamp in ms (number or digits) or an ISO date text; years 2000–2100 only. */
export function parseNeedDate(value: unknown): Date | null {
  let date: Date | null = null;
  if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string' && /^\d{10,13}$/.test(value.trim())) date = new Date(Number(value.trim()));
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) date = new Date(value.trim());
  if (!date || Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 2000 && year <= 2100 ? date : null;
}

/** customerUndertake: 0 or 1 (spec 001 §9), absent meaning 0; anything else is refused. */
function customerUndertake(value: unknown): 0 | 1 | null {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0' || value === false) return 0;
  if (value === 1 || value === '1' || value === true) return 1;
  return null;
}

const rowError = (key: MessageKey, row: number) => AppError.badRequest(key, { row });

/** The bill number from the MatApply rule; if an administrator removed or disabled it, one of our own. */
async function billNumber(trx: Transaction<DB>, now: Date): Promise<string> {
  try {
    return await nextBillNumber(trx, MAT_APPLY_BILL_RULE, now);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // SL + date + a random tail: unique without the rule's counter (the column is unique besides).
    return `SL${billDatePart('yyyyMMdd', now)}-${newId().slice(0, 8).toUpperCase()}`;
  }
}

/**
 * POST /api/example/BizMatApply/saveMatApply. Returns the new application's id and bill number. Every refusal
 * happens before the transaction writes anything, or rolls it back (a returned reagent taken by a concurrent
 * submission), so a refused form changes nothing.
 */
export async function saveMatApply(db: Kysely<DB>, caller: { userId: string }, input: MatApplyInput): Promise<{ id: string; billNo: string }> {
  const needUserId = text(input.needUser);
  const users = await db
    .selectFrom('base_user')
    .select(['id', 'organize_id', 'fill_project', 'enabled_mark'])
    .where('id', 'in', needUserId ? [caller.userId, needUserId] : [caller.userId])
    .execute();
  const callerRow = users.find((u) => u.id === caller.userId);
  const needUser = needUserId ? users.find((u) => u.id === needUserId) : undefined;
  // The project flag is the need user's (the drawer takes it from the user it picks); before one is chosen, the
  // caller's, as the drawer starts with the caller as need user.
  const fillProject = (needUser ?? callerRow)?.fill_project === 1;

  // 1. Spec 001 §5, in order, with the drawer's messages.
  const problem = firstRequisitionProblem(input, { fillProject });
  if (problem) throw AppError.badRequest(RULE_KEYS[problem.rule], problem.row ? { row: problem.row } : {});

  // 2. What only the server knows.
  const address = text(input.address);
  if ([...address].length > ADDRESS_MAX_LENGTH) throw AppError.badRequest('matApply.addressTooLong');
  const remarks = text(input.remarks);
  if ([...remarks].length > REMARKS_MAX_LENGTH) throw AppError.badRequest('matApply.remarksTooLong');
  const needDate = parseNeedDate(typeof input.needDate === 'string' ? input.needDate.trim() : input.needDate);
  if (!needDate) throw AppError.badRequest('matApply.needDateInvalid');
  if (!needUser || needUser.enabled_mark !== 1) throw AppError.badRequest('matApply.needUserNotFound');
  const needOrg = text(input.needOrg);
  const memberOf = await db
    .selectFrom('base_user_relation')
    .select('object_id')
    .where('user_id', '=', needUser.id)
    .where('object_type', '=', 'Organize')
    .execute();
  if (needUser.organize_id !== needOrg && !memberOf.some((r) => r.object_id === needOrg)) throw AppError.badRequest('matApply.needOrgMismatch');
  const projectId = text(input.projectId);
  if (projectId && !(await isProjectMember(db, projectId, needUser.id))) throw AppError.badRequest('matApply.projectNotMember');

  const spareInput = Array.isArray(input.matApplyDetail) ? input.matApplyDetail : [];
  const spareRows = spareInput.map((row, index) => {
    const undertake = customerUndertake(row.customerUndertake);
    if (undertake === null) throw rowError('matApply.customerUndertakeInvalid', index + 1);
    return { productId: text(row.productId), count: spareCount(row.productCount)!, undertake };
  });
  const productIds = [...new Set(spareRows.map((r) => r.productId))];
  const products = productIds.length
    ? await db
        .selectFrom('biz_item')
        .select(['id', 'name', 'cas', 'spec', 'model', 'item_code', 'brand', 'unit_name', 'fineness'])
        .where('id', 'in', productIds)
        .where('stocked', '=', 'Y')
        .where('del', '=', 0)
        .execute()
    : [];
  const productById = new Map(products.map((p) => [p.id, p]));
  spareRows.forEach((row, index) => {
    if (!productById.has(row.productId)) throw rowError('matApply.productNotStocked', index + 1);
  });

  const returnedInput = Array.isArray(input.returnedMatApplyDetail) ? input.returnedMatApplyDetail : [];
  const returnedIds = returnedInput.map((row) => text(row?.returnedMatId));
  returnedIds.forEach((id, index) => {
    if (returnedIds.indexOf(id) !== index) throw rowError('matApply.returnedDuplicate', index + 1);
  });
  const returnedRows = returnedIds.filter(Boolean).length
    ? await db
        .selectFrom('biz_returned_mat')
        .selectAll()
        .where('id', 'in', returnedIds.filter(Boolean))
        .where('user_id', '=', caller.userId)
        .where('status', '=', RETURNED_OPEN)
        .execute()
    : [];
  const returnedById = new Map(returnedRows.map((r) => [r.id, r]));
  returnedIds.forEach((id, index) => {
    if (!returnedById.has(id)) throw rowError('matApply.returnedNotAvailable', index + 1);
  });

  // 3. One transaction: the number, the application, its rows, the returned reagents taken.
  const organizes = await loadOrganizeIndex(db);
  const now = new Date();
  const id = newId();
  return db.transaction().execute(async (trx) => {
    const billNo = await billNumber(trx, now);
    await trx
      .insertInto('biz_mat_apply')
      .values({
        id,
        bill_no: billNo,
        application_user: caller.userId,
        application_date: now,
        project_id: projectId || null,
        need_org: needOrg,
        company_id: organizes.companyOf(needOrg) ?? null,
        need_user: needUser.id,
        need_date: needDate,
        address,
        approval_status: null,
        void_status: 0,
        remarks: remarks || null,
        creator_user_id: caller.userId,
        organize_id: callerRow?.organize_id ?? null,
      })
      .execute();
    const details = [
      ...spareRows.map((row, index) => {
        const product = productById.get(row.productId)!;
        return {
          id: newId(),
          apply_id: id,
          kind: 'spare',
          sort_code: index,
          product_id: product.id,
          returned_mat_id: null,
          name: product.name,
          cas: product.cas,
          product_count: row.count,
          spec: product.spec,
          model: product.model,
          product_number: product.item_code,
          brand: product.brand,
          fineness: product.fineness,
          unit: product.unit_name,
          customer_undertake: row.undertake,
        };
      }),
      ...returnedIds.map((returnedId, index) => {
        const returned = returnedById.get(returnedId)!;
        return {
          id: newId(),
          apply_id: id,
          kind: 'returned',
          sort_code: index,
          product_id: returned.item_id,
          returned_mat_id: returned.id,
          name: returned.name,
          cas: returned.cas,
          // The count is the returned reagent's own (§3: productCount from applyNum), not the client's.
          product_count: returned.apply_num,
          spec: returned.spec,
          model: null,
          product_number: null,
          brand: returned.brand,
          fineness: returned.fineness,
          unit: returned.unit,
          customer_undertake: 0,
        };
      }),
    ];
    if (details.length) await trx.insertInto('biz_mat_apply_detail').values(details).execute();
    if (returnedIds.length) {
      // Taken only if still open and the caller's: a concurrent submission of the same reagent loses here and
      // rolls its whole application back.
      const taken = await trx
        .updateTable('biz_returned_mat')
        .set({ status: RETURNED_SUBMITTED })
        .where('id', 'in', returnedIds)
        .where('user_id', '=', caller.userId)
        .where('status', '=', RETURNED_OPEN)
        .returning('id')
        .execute();
      if (taken.length !== returnedIds.length) {
        const takenIds = new Set(taken.map((t) => t.id));
        throw rowError('matApply.returnedNotAvailable', returnedIds.findIndex((rid) => !takenIds.has(rid)) + 1);
      }
    }
    return { id, billNo };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The requisition list, a record, void, the badge.

/** Where a list row's owner and organisation are, for data scopes (matApply.list: staff own, procurement all). */
const scopeColumns = { creatorColumn: 'a.creator_user_id', organizeColumn: 'a.organize_id' };

export const matApplyListSpec: ListSpec = {
  keywordColumns: ['a.bill_no', 'a.address', 'a.remarks', 'nu.real_name', 'p.pro_name'],
  sortable: {
    billNo: 'a.bill_no',
    applicationDate: 'a.application_date',
    needDate: 'a.need_date',
    creatorTime: 'a.created_at',
    approvalStatus: 'a.approval_status',
    voidStatus: 'a.void_status',
    needUser: 'a.need_user',
    needOrg: 'a.need_org',
    projectId: 'a.project_id',
    creatorUserId: 'a.creator_user_id',
  },
  defaultOrder: [['a.created_at', 'desc']],
  dataScope: scopeColumns,
  tieBreaker: 'a.id',
};

/** The approval states the list's `type` filter names (also the stored codes 0, 1, 3, -2). */
function typeCondition(type: unknown): Expression<SqlBool> | undefined {
  const notVoided = sql<SqlBool>`a.void_status = 0`;
  switch (String(type ?? '').trim()) {
    case 'open':
      return sql<SqlBool>`(${notVoided} and (a.approval_status is null or a.approval_status in (0, 1)))`;
    case 'pending':
    case '0':
      return sql<SqlBool>`(${notVoided} and (a.approval_status is null or a.approval_status = 0))`;
    case 'inApproval':
    case '1':
      return sql<SqlBool>`(${notVoided} and a.approval_status = 1)`;
    case 'rejected':
    case '3':
      return sql<SqlBool>`(${notVoided} and a.approval_status = 3)`;
    case 'voided':
    case '-2':
      return sql<SqlBool>`(a.void_status = 1 or a.approval_status = ${APPROVAL_STATUS_VOIDED})`;
    case 'approved':
      return sql<SqlBool>`(${notVoided} and a.approval_status is not null and a.approval_status not in (0, 1, 3, ${APPROVAL_STATUS_VOIDED}))`;
    default:
      return undefined;
  }
}

function applicationBase(db: Db) {
  return db
    .selectFrom('biz_mat_apply as a')
    .leftJoin('base_user as nu', 'nu.id', 'a.need_user')
    .leftJoin('base_user as au', 'au.id', 'a.application_user')
    .leftJoin('base_organize as o', 'o.id', 'a.need_org')
    .leftJoin('biz_project as p', 'p.id', 'a.project_id')
    .select([
      'a.id',
      'a.bill_no',
      'a.application_user',
      'au.real_name as application_user_name',
      'a.application_date',
      'a.project_id',
      'p.pro_name',
      'a.need_org',
      'o.full_name as need_org_name',
      'a.company_id',
      'a.need_user',
      'nu.real_name as need_user_name',
      'a.need_date',
      'a.address',
      'a.approval_status',
      'a.void_status',
      'a.remarks',
      'a.creator_user_id',
      'a.created_at',
      sql<number>`(select count(*) from biz_mat_apply_detail d where d.apply_id = a.id and d.kind = 'spare')`.as('spare_count'),
      sql<number>`(select count(*) from biz_mat_apply_detail d where d.apply_id = a.id and d.kind = 'returned')`.as('returned_count'),
    ]);
}

type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationBase>['executeTakeFirstOrThrow']>>;

function applicationView(row: ApplicationRow, language: Language) {
  const state = approvalState(row.approval_status, row.void_status);
  return {
    id: row.id,
    billNo: row.bill_no,
    applicationUser: row.application_user,
    applicationUserName: row.application_user_name ?? '',
    applicationDate: new Date(row.application_date).getTime(),
    projectId: row.project_id,
    projectName: row.pro_name ?? '',
    needOrg: row.need_org,
    needOrgName: row.need_org_name ?? '',
    companyId: row.company_id,
    needUser: row.need_user,
    needUserName: row.need_user_name ?? '',
    needDate: new Date(row.need_date).getTime(),
    address: row.address,
    approvalStatus: row.approval_status,
    voidStatus: row.void_status,
    /** pending, inApproval, rejected, voided or approved (src/shared/requisitionRules.ts approvalState). */
    approvalState: state,
    approvalStatusName: APPROVAL_LABELS[state][language],
    remarks: row.remarks ?? '',
    spareCount: Number(row.spare_count),
    returnedCount: Number(row.returned_count),
    creatorUserId: row.creator_user_id,
    creatorTime: row.created_at,
  };
}

/** POST /api/example/BizMatApply/getList: the applications the caller's data scope shows, newest first. */
export async function listMatApply(db: Db, params: ListParams & { type?: unknown }, scope: DataScopeRequest | undefined, language: Language) {
  let query = applicationBase(db);
  const condition = typeCondition(params.type);
  if (condition) query = query.where(condition);
  const { list, pagination } = await listQuery(query, params, matApplyListSpec, scope);
  return { list: list.map((row) => applicationView(row, language)), pagination };
}

/** GET /api/example/BizMatApply/{id}: an application with both detail lists, if the caller's scope shows it. */
export async function getMatApply(db: Db, id: string, scope: DataScopeRequest | undefined, language: Language) {
  let query = applicationBase(db).where('a.id', '=', id);
  if (scope) query = await applyDataScope(query, { ...scopeColumns, fields: matApplyListSpec.sortable }, scope);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'matApply.notFound');
  const details = await db.selectFrom('biz_mat_apply_detail').selectAll().where('apply_id', '=', id).orderBy('kind').orderBy('sort_code').execute();
  const common = (d: (typeof details)[number]) => ({
    id: d.id,
    name: d.name ?? '',
    cas: d.cas ?? '',
    productCount: d.product_count,
    spec: d.spec ?? '',
    brand: d.brand ?? '',
    fineness: d.fineness ?? '',
    unit: d.unit ?? '',
  });
  return {
    ...applicationView(row, language),
    matApplyDetail: details
      .filter((d) => d.kind === 'spare')
      .map((d) => ({ ...common(d), productId: d.product_id, returnedMatId: null, model: d.model ?? '', productNumber: d.product_number ?? '', customerUndertake: d.customer_undertake })),
    returnedMatApplyDetail: details.filter((d) => d.kind === 'returned').map((d) => ({ ...common(d), returnedMatId: d.returned_mat_id, productId: d.product_id })),
  };
}

/**
 * PUT /api/example/BizMatApply/{id}/Actions/Void: the owner voids an application not yet approved or voided.
 * voidStatus becomes 1 and approvalStatus -2 (so clients reading either see it voided); the returned reagents it
 * carried are open again, to be returned with another application.
 */
export async function voidMatApply(db: Kysely<DB>, id: string, caller: { userId: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('biz_mat_apply').select(['id', 'creator_user_id']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(ResultCode.notFound, 'matApply.notFound');
    if (row.creator_user_id !== caller.userId) throw new AppError(ResultCode.forbidden, 'matApply.voidNotOwner');
    const voided = await trx
      .updateTable('biz_mat_apply')
      .set({ void_status: 1, approval_status: APPROVAL_STATUS_VOIDED })
      .where('id', '=', id)
      .where('void_status', '=', 0)
      .where((eb) => eb.or([eb('approval_status', 'is', null), eb('approval_status', 'in', [0, 1, 3])]))
      .executeTakeFirst();
    if (Number(voided.numUpdatedRows) === 0) throw AppError.badRequest('matApply.cannotVoid');
    const carried = await trx.selectFrom('biz_mat_apply_detail').select('returned_mat_id').where('apply_id', '=', id).where('kind', '=', 'returned').execute();
    const returnedIds = carried.map((d) => d.returned_mat_id).filter((rid): rid is string => Boolean(rid));
    if (returnedIds.length) {
      await trx.updateTable('biz_returned_mat').set({ status: RETURNED_OPEN }).where('id', 'in', returnedIds).where('status', '=', RETURNED_SUBMITTED).execute();
    }
  });
}

/**
 * GET /api/example/BizMatApply/getApplyNum: the caller's open applications — submitted by them, not voided, and
 * still awaiting a decision (approval status empty, 0 pending or 1 in approval). The badge shows it up to 99.
 */
export async function openApplicationCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('biz_mat_apply')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('creator_user_id', '=', userId)
    .where('void_status', '=', 0)
    .where((eb) => eb.or([eb('approval_status', 'is', null), eb('approval_status', 'in', [0, 1])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

