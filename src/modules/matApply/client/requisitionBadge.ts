import { request } from '../../../kernel/client/api/request.js';
import { setRequisitionCount } from '../../../kernel/client/stores/shellCounters.js';

/**
 * The top bar's requisition badge (spec 001 §9, shown up to 99): GET /api/example/BizMatApply/getApplyNum. Small
 * on purpose (the request layer and the counters store only), so the shell loads it at sign-in without the
 * requisition screens. A refused call leaves the badge as it was.
 */
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
