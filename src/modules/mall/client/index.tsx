import { message } from 'antd';
import { subscribe } from 'valtio';
import { registerAction } from '../../../kernel/client/runtime/page/actions.js';
import { registerCell } from '../../../kernel/client/runtime/page/cells.js';
import { session } from '../../../kernel/client/stores/session.js';
import { setCartCount } from './cartBadge.js';
import { mallApi } from './api.js';
import { refreshCartCount } from './cartBadge.js';
import { registerValidator } from '../../../kernel/client/runtime/page/validators.js';
import { ReagentControl } from './ControlTag.js';
import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { mallWords } from '../locale/words.js';
import { ListOrderStatus, OrderStatusTag } from './OrderStatusTags.js';
import { money, searchIntent, validQuantity } from './status.js';
import { fillValue } from '../../../kernel/client/runtime/page/template.js';

/**
 * The reagent mall's client (spec 001 §1, §2, §7). Its screens are JSON (schemas/mall/mall/search.json: a search
 * node with table and card views and an item drawer; bizData/bizcartdetail.json: a table node with check boxes,
 * quantity inputs, a total and 结算; mall/orders.json, orderDetail.json). Registered here is only what is the
 * mall's own: the validator mallSearchText (a CAS number's check digit), the cells orderStatus, listOrderStatus,
 * reagentControl and money, the actions putCart and refreshCartBadge, its words under `mall.`, and the top bar's
 * cart badge, loaded when this loads (the first screen), refreshed after every cart change and whenever the
 * window regains focus while signed in.
 */
registerWords(mallWords);

/**
 * What the search box asks: a CAS number (checked here, spec 001 §7: a malformed one or a wrong check digit says so
 * and nothing is sent; the server checks again) as {cas}, other text as {keyword}, nothing for blank text.
 */
registerValidator('mallSearchText', (value, { t }) => {
  const intent = searchIntent(String(value ?? ''));
  if (intent.kind === 'invalid') return { ok: false, message: t(intent.reason === 'checkDigit' ? 'mall.search.casCheckDigit' : 'mall.search.casFormat') };
  if (intent.kind === 'empty') return { ok: true, value: null };
  return { ok: true, value: intent.kind === 'cas' ? { cas: intent.cas } : { keyword: intent.keyword } };
});

registerCell('orderStatus', (value) => <OrderStatusTag status={Number(value ?? 1)} />);
registerCell('listOrderStatus', (_, { row }) => <ListOrderStatus approvalStatus={(row.approvalStatus ?? null) as number | null} secondStatus={(row.secondStatus ?? null) as number | null} />);
/** A price or amount in yuan, two decimals (numeric columns may answer strings). */
registerCell('money', (value) => (value === null || value === undefined || value === '' || !Number.isFinite(Number(value)) ? '' : money(Number(value))));
/** {name: 'reagentControl', casProp?: 'cas'}: the row's control type, else getReagentControl's for its CAS number. */
registerCell('reagentControl', (value, { row, settings }) => {
  const cas = row[String(settings.casProp ?? 'cas')];
  return <ReagentControl value={value} cas={cas ? String(cas) : undefined} />;
});

/**
 * {actionType: 'putCart', itemId: '{id}', quantity?: 1, stock?: '{row.stock}'}: puts an item in the cart and updates
 * the badge; a quantity outside 1–9999 or above the stock says so and sends nothing.
 */
registerAction('putCart', async (action, env) => {
  const itemId = String(fillValue(action.itemId ?? '{id}', env.context) ?? '');
  const quantity = Number(fillValue(action.quantity ?? 1, env.context) ?? 1);
  const stock = action.stock === undefined ? undefined : Number(fillValue(action.stock, env.context));
  if (!itemId || !validQuantity(quantity)) {
    void message.warning(env.t('mall.message.quantityRange'));
    return;
  }
  if (stock !== undefined && Number.isFinite(stock) && quantity > stock) {
    void message.warning(env.t('mall.message.outOfStock'));
    return;
  }
  await mallApi.putCart(itemId, quantity);
  void message.success(env.t('mall.message.added'));
  await refreshCartCount();
});

/** {actionType: 'refreshCartBadge'}: the top bar's cart count again (after a quantity change, a removal, an order). */
registerAction('refreshCartBadge', () => refreshCartCount());

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
