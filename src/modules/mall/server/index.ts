import { defineModule } from '../../../kernel/server/module.js';
import menuFile from '../menus.json' with { type: 'json' };
import { mallMessages } from '../locale/messages.js';
import * as tables from './migrations/0021_mall_tables.js';
import * as supplierRecord from './migrations/0051_mall_supplier_record.js';
import { SUPPLIER_MENU } from './suppliers.js';
import { MALL_ORDERS_MENU, mallRoutes } from './routes.js';
import { seedMall } from './seed.js';

/**
 * The reagent mall (issue 14, spec 001 §7): the catalogue and its suppliers, search by CAS number (check digit
 * checked) and keyword, reagent control flags, the cart, buy now, and orders (data-scoped on mall.orders).
 */
export default defineModule({
  name: 'mall',
  menus: menuFile.menus,
  tables: ['biz_supplier', 'biz_item', 'biz_cart_item', 'biz_order', 'biz_order_item'],
  messages: mallMessages,
  migrations: { '0021_mall_tables': tables, '0051_mall_supplier_record': supplierRecord },
  routes: (app, ctx) => mallRoutes(app, { db: ctx.db }),
  seed: seedMall,
  permissions: [{ menu: MALL_ORDERS_MENU, buttons: ['btn_edit'] }, { menu: SUPPLIER_MENU, buttons: ['btn_add', 'btn_edit', 'btn_remove'] }],
});
