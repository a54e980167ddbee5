import { message } from 'antd';
import { subscribe } from 'valtio';
import { i18n } from '../../i18n/index.js';
import { registerPageNode } from '../../runtime/page/pageNodes.js';
import { registerAction } from '../../runtime/page/actions.js';
import { registerCell } from '../../runtime/page/cells.js';
import { session } from '../../stores/session.js';
import { setCartCount } from '../../stores/shellCounters.js';
import { mallApi, controlTypeOf } from './api.js';
import { refreshCartCount } from './cartBadge.js';
import { CartNode } from './CartNode.js';
import { ControlTag } from './ControlTag.js';
import { en, zh, zhtw } from './i18n.js';
import { MallSearchNode } from './MallSearchNode.js';
import { ListOrderStatus, OrderStatusTag } from './OrderStatusTags.js';
import { money, validQuantity } from './status.js';
import { fillValue } from '../../runtime/page/template.js';

/**
 * The reagent mall's client (spec 001 §1, §2, §7). The orders list and the order detail are JSON screens
 * (schemas/screens/mall/orders.json, orderDetail.json: list, record, descriptions and table nodes); registered here
 * are what screens name: page nodes mallSearch and mallCart, cells orderStatus, listOrderStatus, reagentControl and
 * money, the action putCart, its words under `mall.`, and the top bar's cart badge, loaded when this loads (the
 * first screen), refreshed after every cart change and whenever the window regains focus while signed in.
 */
i18n.addResourceBundle('zh', 'translation', { mall: zh }, true, true);
i18n.addResourceBundle('zhtw', 'translation', { mall: zhtw }, true, true);
i18n.addResourceBundle('en', 'translation', { mall: en }, true, true);

registerPageNode('mallSearch', MallSearchNode);
registerPageNode('mallCart', CartNode);

registerCell('orderStatus', (value) => <OrderStatusTag status={Number(value ?? 1)} />);
registerCell('listOrderStatus', (_, { row }) => <ListOrderStatus approvalStatus={(row.approvalStatus ?? null) as number | null} secondStatus={(row.secondStatus ?? null) as number | null} />);
/** A price or amount in yuan, two decimals (numeric columns may answer strings). */
registerCell('money', (value) => (value === null || value === undefined || value === '' || !Number.isFinite(Number(value)) ? '' : money(Number(value))));
registerCell('reagentControl', (value) => <ControlTag type={controlTypeOf(value)} />);

/** {actionType: 'putCart', itemId: '{id}', quantity?: 1}: puts an item in the cart and updates the badge. */
registerAction('putCart', async (action, env) => {
  const itemId = String(fillValue(action.itemId ?? '{id}', env.context) ?? '');
  const quantity = Number(fillValue(action.quantity ?? 1, env.context));
  if (!itemId || !validQuantity(quantity)) throw new Error(env.t('mall.message.quantityRange'));
  await mallApi.putCart(itemId, quantity);
  void message.success(env.t('mall.message.added'));
  await refreshCartCount();
});

// The badge: now, on a new sign-in (a new token), and when the window comes back into focus.
const signedIn = () => Boolean(session.token);
if (signedIn()) void refreshCartCount();
let token = session.token;
subscribe(session, () => {
  if (session.token === token) return;
  token = session.token;
  if (signedIn()) void refreshCartCount();
  else setCartCount(0);
});
if (typeof window !== 'undefined') {
  window.addEventListener('focus', () => signedIn() && void refreshCartCount());
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && signedIn() && void refreshCartCount());
}
