/**
 * Where an order opens. The spec's link is /orderDetail?prStr=<id>, a fixed route the shell's router holds (it
 * renders the mall/orderDetail screen); the orders screen also opens an order from ?prStr= in its own address, so
 * /mall/orders?prStr=<id> shows the order over the list when the fixed route is not there.
 */
export const ORDER_DETAIL_ROUTE = '/orderDetail';
export const orderPath = (id: string) => `/mall/orders?prStr=${encodeURIComponent(id)}`;
export const orderDetailLink = (id: string) => `${ORDER_DETAIL_ROUTE}?prStr=${encodeURIComponent(id)}`;
