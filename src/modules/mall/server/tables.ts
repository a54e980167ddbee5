import type { ColumnType, Generated } from 'kysely';
import type { WithDefault } from '../../../kernel/server/db/columnTypes.js';

/** The mall module's tables, added to the server's DB type below (the kernel's DB knows no table itself). */

/** A fictitious supplier of the reagent catalogue (module mall). */
export interface SupplierTable {
  id: string;
  full_name: string;
  en_code: string;
  contact: string | null;
  phone: string | null;
  address: string | null;
  enabled_mark: WithDefault<number>;
  sort_code: WithDefault<number>;
  description: string | null;
  creator_user_id: string | null;
  created_at: Generated<Date>;
  last_modify_time: Date | null;
}

/** A catalogue item (module mall): a reagent in one spec, grade and brand. control_type none | hazardous | precursor | toxic | explosive. */
export interface ItemTable {
  id: string;
  item_code: string;
  name: string;
  cas: string | null;
  spec: string | null;
  model: string | null;
  fineness: string | null;
  brand: string | null;
  unit_name: string | null;
  /** numeric(12,2): read as a string. */
  price: ColumnType<string, string | number, string | number>;
  stock: WithDefault<number>;
  supplier_id: string | null;
  control_type: WithDefault<string>;
  /** Y: carried as spare stock for requisitions. */
  stocked: WithDefault<string>;
  del: WithDefault<number>;
  sort_code: WithDefault<number>;
  created_at: Generated<Date>;
}

/** A line of a user's cart (module mall); one per user and item. */
export interface CartItemTable {
  id: string;
  user_id: string;
  item_id: string;
  quantity: number;
  selected: WithDefault<number>;
  created_at: Generated<Date>;
}

/** An order placed from the mall (module mall). status: spec 001 §4 order status codes. */
export interface OrderTable {
  id: string;
  order_no: string;
  user_id: string;
  organize_id: string | null;
  status: WithDefault<number>;
  approval_status: number | null;
  second_status: number | null;
  total_amount: ColumnType<string, string | number, string | number>;
  address: string | null;
  remarks: string | null;
  created_at: Generated<Date>;
}

/** An order line: the item as it was when ordered (module mall). */
export interface OrderItemTable {
  id: string;
  order_id: string;
  item_id: string;
  name: string;
  cas: string | null;
  spec: string | null;
  brand: string | null;
  unit_name: string | null;
  price: ColumnType<string, string | number, string | number>;
  quantity: number;
}

export interface MallTables {
  biz_supplier: SupplierTable;
  biz_item: ItemTable;
  biz_cart_item: CartItemTable;
  biz_order: OrderTable;
  biz_order_item: OrderItemTable;
}

declare module '../../../kernel/server/db/schema.js' {
  interface DB extends MallTables {}
}
