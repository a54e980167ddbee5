import '../../../../kernel/client/runtime/page/builtIns.js';
import { ScreenView } from '../../../../kernel/client/runtime/page/ScreenView.js';

/**
 * /fromMall?fromMallParamObj={"itemId":…,"quantity":…} (spec 000 §2, buy now): the mall's 立即购买 lands here to
 * confirm one reagent's order — the reagent, the quantity it carried (capped by stock), an address and remarks —
 * before 提交订单 places it and opens it over the orders list, as a cart's 结算 does. The screen (schemas/mall/mall/fromMall.json) reads the parameter.
 */
export function FromMallPage() {
  return <ScreenView name="mall/fromMall" />;
}
