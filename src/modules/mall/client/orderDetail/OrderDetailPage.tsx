import '../../../../kernel/client/runtime/page/builtIns.js';
import { ScreenView } from '../../../../kernel/client/runtime/page/ScreenView.js';

/**
 * /orderDetail?prStr=<order id> (spec 001 §7): the mall's order-detail screen at a fixed address, so a link to one
 * order works from anywhere (a message, a bookmark). The screen reads prStr itself; the server serves it to
 * whoever may open the orders page.
 */
export function OrderDetailPage() {
  return <ScreenView name="mall/orderDetail" />;
}
