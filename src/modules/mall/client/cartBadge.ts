import { proxy } from 'valtio';
import { request } from '../../../kernel/client/api/request.js';

/**
 * The top bar's cart badge (spec 001 §2, §9: shown up to 10000): the count the server answers on
 * GET /api/cart/BizCartDetail/getCartItemNum. Small on purpose (the request layer and this count only), so the
 * app can load it at sign-in without the mall screens (CartBadge.tsx shows it). A refused call leaves the badge as
 * it was; until the first answer it is zero and the badge stays hidden.
 */
export const CART_BADGE_MAX = 10000;

export const cartBadge = proxy({ count: 0 });

export function setCartCount(count: number): void {
  cartBadge.count = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

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
