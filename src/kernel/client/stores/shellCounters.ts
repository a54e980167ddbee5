import { proxy } from 'valtio';

/**
 * The top bar's badges: items in the cart (shown up to 10000) and open requisitions (shown up to 99), spec 000
 * §2. The mall and requisition features set them when they load or change; until then they are zero and the
 * badges stay hidden.
 */
export const CART_BADGE_MAX = 10000;
export const REQUISITION_BADGE_MAX = 99;

export const shellCounters = proxy({ cart: 0, requisition: 0 });

export function setCartCount(count: number): void {
  shellCounters.cart = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

export function setRequisitionCount(count: number): void {
  shellCounters.requisition = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}
