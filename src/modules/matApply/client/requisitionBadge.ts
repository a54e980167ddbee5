import { proxy } from 'valtio';
import { request } from '../../../kernel/client/api/request.js';

/**
 * The top bar's requisition badge (spec 001 §9, shown up to 99): GET /api/example/BizMatApply/getApplyNum. Small
 * on purpose (the request layer and this count only), so the app loads it at sign-in without the requisition
 * screens (RequisitionBadge.tsx shows it). A refused call leaves the badge as it was; until the first answer it is
 * zero and the badge stays hidden.
 */
export const REQUISITION_BADGE_MAX = 99;

export const requisitionBadge = proxy({ count: 0 });

export function setRequisitionCount(count: number): void {
  requisitionBadge.count = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

export function applyNumOf(data: unknown): number {
  if (typeof data === 'number') return data;
  if (typeof data === 'string' && data.trim() !== '') return Number(data);
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const key of ['num', 'count', 'total', 'applyNum']) if (record[key] !== undefined) return applyNumOf(record[key]);
  }
  return 0;
}

let pending: Promise<void> | null = null;

export function refreshRequisitionCount(): Promise<void> {
  pending ??= request<unknown>({ url: '/example/BizMatApply/getApplyNum', method: 'GET', silent: true })
    .then(({ data }) => setRequisitionCount(applyNumOf(data)))
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}
