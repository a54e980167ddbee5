import { request } from '../../../kernel/client/api/request.js';
import { setCartCount } from '../../../kernel/client/stores/shellCounters.js';

/**
 * The top bar's cart badge (spec 001 §2, §9: shown up to 10000): the count the server answers on
 * GET /api/cart/BizCartDetail/getCartItemNum. Small on purpose (the request layer and the counters store only), so
 * the shell can load it at sign-in without the mall screens. A refused call leaves the badge as it was.
 */
export function cartCountOf(data: unknown): number {
  if (typeof data === 'number') return data;
  if (typeof data === 'string' && data.trim() !== '') return Number(data);
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    for (const key of ['num', 'count', 'total', 'cartItemNum']) if (record[key] !== undefined) return cartCountOf(record[key]);
  }
  return 0;
}

let pending: Promise<void> | null = null;

export function refreshCartCount(): Promise<void> {
  pending ??= request<unknown>({ url: '/cart/BizCartDetail/getCartItemNum', method: 'GET', silent: true })
    .then(({ data }) => setCartCount(cartCountOf(data)))
    .catch(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}
