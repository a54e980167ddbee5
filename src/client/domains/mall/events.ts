/** Orders changed (cancelled from the detail): the orders list, wherever it is, reloads. */
const ORDERS_CHANGED = 'lc-mall-orders-changed';

export const announceOrdersChanged = () => window.dispatchEvent(new Event(ORDERS_CHANGED));

export function onOrdersChanged(listener: () => void): () => void {
  window.addEventListener(ORDERS_CHANGED, listener);
  return () => window.removeEventListener(ORDERS_CHANGED, listener);
}
