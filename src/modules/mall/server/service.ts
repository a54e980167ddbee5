import { sql, type Kysely, type Transaction } from 'kysely';
import { parseCas } from '../../../shared/casNumber.js';
import { ResultCode } from '../../../shared/envelope.js';
import { listOrderStatusKey, ORDER_STATUS, ORDER_STATUS_LABELS, orderStatusKey } from '../../../shared/orderStatus.js';
import type { Language } from '../../../shared/language.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { applyDataScope, type DataScopeRequest } from '../../../kernel/server/crud/dataScope.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';

type Db = Kysely<DB>;
export const QUANTITY_MAX = 9999;

/** A CAS number from the client, canonical, or the refusal that says what is wrong with it. */
export function casOrRefuse(text: string): string {
  const parsed = parseCas(text);
  if (!parsed.ok) throw AppError.badRequest(parsed.reason === 'format' ? 'mall.casFormat' : 'mall.casCheckDigit');
  return parsed.cas;
}

/** A quantity of 1–9999 as a whole number (a numeric string is read too), else the mall's message. */
export function quantityOrRefuse(value: unknown): number {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > QUANTITY_MAX) throw AppError.badRequest('mall.quantityRange');
  return n;
}

const money = (value: string | number | null | undefined) => Math.round(Number(value ?? 0) * 100) / 100;

const itemColumns = ['i.id', 'i.item_code', 'i.name', 'i.cas', 'i.spec', 'i.model', 'i.fineness', 'i.brand', 'i.unit_name', 'i.price', 'i.stock', 'i.supplier_id', 'i.control_type', 'i.stocked'] as const;

type ItemRow = { id: string; item_code: string; name: string; cas: string | null; spec: string | null; model: string | null; fineness: string | null; brand: string | null; unit_name: string | null; price: string; stock: number; supplier_id: string | null; control_type: string; stocked: string };

function itemView(row: ItemRow & { supplier_name?: string | null }) {
  return {
    id: row.id,
    itemCode: row.item_code,
    name: row.name,
    cas: row.cas,
    spec: row.spec,
    model: row.model,
    fineness: row.fineness,
    brand: row.brand,
    unitName: row.unit_name,
    price: money(row.price),
    stock: row.stock,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name ?? null,
    controlType: row.control_type,
    controlled: row.control_type !== 'none',
    stocked: row.stocked,
  };
}

function catalogue(db: Db) {
  return db.selectFrom('biz_item as i').leftJoin('biz_supplier as s', 's.id', 'i.supplier_id').select([...itemColumns, 's.full_name as supplier_name']).where('i.del', '=', 0);
}

const itemListSpec: ListSpec = {
  keywordColumns: ['i.name', 'i.cas', 'i.item_code', 'i.brand', 'i.model', 'i.fineness'],
  sortable: { name: 'i.name', cas: 'i.cas', price: 'i.price', stock: 'i.stock', itemCode: 'i.item_code' },
  defaultOrder: [['i.sort_code', 'asc'], ['i.item_code', 'asc']],
  tieBreaker: 'i.id',
};

/** POST /api/mall/itemListByCas: the catalogue by CAS number (checked first) and/or keyword, paged. */
export async function itemList(db: Db, params: ListParams & { cas?: string }) {
  let query = catalogue(db);
  const casText = typeof params.cas === 'string' ? params.cas.trim() : '';
  if (casText) query = query.where('i.cas', '=', casOrRefuse(casText));
  const { list, pagination } = await listQuery(query, params, itemListSpec);
  return { list: list.map(itemView), pagination };
}

export async function itemById(db: Db, id: string) {
  const row = await catalogue(db).where('i.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'mall.itemNotFound');
  return itemView(row);
}

/** POST /api/mall/itemDetails/byCas/{cas}: every item of one substance (specs, grades, brands). */
export async function itemsByCas(db: Db, casText: string) {
  const cas = casOrRefuse(casText);
  const rows = await catalogue(db).where('i.cas', '=', cas).orderBy('i.sort_code').orderBy('i.item_code').execute();
  return { cas, name: rows[0]?.name ?? null, list: rows.map(itemView) };
}

/** POST /api/mall/suppliers: the suppliers, paged, by keyword (name, contact, phone). */
export async function suppliers(db: Db, params: ListParams) {
  const query = db.selectFrom('biz_supplier').select(['id', 'full_name', 'contact', 'phone', 'address']);
  const { list, pagination } = await listQuery(query, params, { keywordColumns: ['full_name', 'contact', 'phone'], defaultOrder: [['full_name', 'asc']] });
  return { list: list.map((s) => ({ id: s.id, fullName: s.full_name, contact: s.contact, phone: s.phone, address: s.address })), pagination };
}

/**
 * POST /api/mall/getReagentControl: for each CAS number or item id asked, whether the substance is controlled
 * (hazardous, precursor 易制毒, toxic 剧毒, explosive 易制爆). A CAS number is controlled when any item of it is; one
 * not in the catalogue answers known false. Malformed CAS numbers are refused like the search refuses them.
 */
export async function reagentControl(db: Db, body: { casList?: string[]; itemIds?: string[] }) {
  const casList = (body.casList ?? []).map(casOrRefuse);
  const itemIds = body.itemIds ?? [];
  const result: { cas: string | null; itemId: string | null; name: string | null; known: boolean; controlType: string; controlled: boolean }[] = [];
  const rank = ['none', 'hazardous', 'explosive', 'precursor', 'toxic'];
  if (casList.length) {
    const rows = await db.selectFrom('biz_item').select(['cas', 'name', 'control_type']).where('cas', 'in', casList).where('del', '=', 0).execute();
    for (const cas of casList) {
      const of = rows.filter((r) => r.cas === cas);
      const strictest = of.map((r) => r.control_type).sort((a, b) => rank.indexOf(b) - rank.indexOf(a))[0] ?? 'none';
      result.push({ cas, itemId: null, name: of[0]?.name ?? null, known: of.length > 0, controlType: strictest, controlled: strictest !== 'none' });
    }
  }
  if (itemIds.length) {
    const rows = await db.selectFrom('biz_item').select(['id', 'cas', 'name', 'control_type']).where('id', 'in', itemIds).execute();
    for (const id of itemIds) {
      const row = rows.find((r) => r.id === id);
      result.push({ cas: row?.cas ?? null, itemId: id, name: row?.name ?? null, known: !!row, controlType: row?.control_type ?? 'none', controlled: !!row && row.control_type !== 'none' });
    }
  }
  return { list: result };
}

async function liveItem(db: Db | Transaction<DB>, id: string) {
  const item = await db.selectFrom('biz_item').select(['id', 'stock']).where('id', '=', id).where('del', '=', 0).executeTakeFirst();
  if (!item) throw new AppError(ResultCode.notFound, 'mall.itemNotFound');
  return item;
}

/** The caller's cart total (the badge: the sum of quantities). */
export async function cartItemNum(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('biz_cart_item').select(sql<string>`coalesce(sum(quantity), 0)`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** POST /api/mall/putCart: adds the item, or adds to its line; a line holds at most 9999. */
export async function putCart(db: Db, userId: string, body: { itemId?: unknown; quantity?: unknown }) {
  const quantity = quantityOrRefuse(body.quantity ?? 1);
  await liveItem(db, String(body.itemId ?? ''));
  const itemId = String(body.itemId);
  const row = await db
    .insertInto('biz_cart_item')
    .values({ id: newId(), user_id: userId, item_id: itemId, quantity, selected: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'item_id'])
        .doUpdateSet({ quantity: sql`biz_cart_item.quantity + excluded.quantity`, selected: 1 })
        .where(sql<boolean>`biz_cart_item.quantity + excluded.quantity <= ${QUANTITY_MAX}`),
    )
    .returning(['id', 'quantity'])
    .executeTakeFirst();
  if (!row) throw AppError.badRequest('mall.cartTooMuch');
  return { id: row.id, quantity: row.quantity, cartItemNum: await cartItemNum(db, userId) };
}

function cartRows(db: Db, userId: string) {
  return db
    .selectFrom('biz_cart_item as c')
    .innerJoin('biz_item as i', 'i.id', 'c.item_id')
    .select(['c.id', 'c.item_id', 'c.quantity', 'c.selected', 'c.created_at', 'i.name', 'i.cas', 'i.brand', 'i.fineness', 'i.spec', 'i.unit_name', 'i.price', 'i.stock', 'i.control_type', 'i.item_code', 'i.del'])
    .where('c.user_id', '=', userId);
}

/** POST /api/cart/BizCartDetail/getList: the caller's cart lines, newest first, with the selected total. */
export async function cartList(db: Db, userId: string, params: ListParams) {
  const { list, pagination } = await listQuery(cartRows(db, userId), params, { keywordColumns: ['i.name', 'i.cas', 'i.brand'], defaultOrder: [['c.created_at', 'desc']], tieBreaker: 'c.id' });
  const totals = await db
    .selectFrom('biz_cart_item as c')
    .innerJoin('biz_item as i', 'i.id', 'c.item_id')
    .select([sql<string>`coalesce(sum(c.quantity * i.price) filter (where c.selected = 1), 0)`.as('amount'), sql<string>`count(*) filter (where c.selected = 1)`.as('lines'), sql<string>`count(*)`.as('all')])
    .where('c.user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    list: list.map((r) => ({
      id: r.id,
      itemId: r.item_id,
      name: r.name,
      cas: r.cas,
      brand: r.brand,
      fineness: r.fineness,
      spec: r.spec,
      unitName: r.unit_name,
      itemCode: r.item_code,
      price: money(r.price),
      quantity: r.quantity,
      amount: money(Number(r.price) * r.quantity),
      selected: r.selected,
      stock: r.stock,
      available: r.del === 0,
      controlType: r.control_type,
    })),
    pagination,
    selectedAmount: money(totals.amount),
    selectedCount: Number(totals.lines),
    allSelected: Number(totals.all) > 0 && Number(totals.lines) === Number(totals.all),
  };
}

export async function setCartQuantity(db: Db, userId: string, id: string, quantityValue: unknown) {
  const quantity = quantityOrRefuse(quantityValue);
  const row = await db.updateTable('biz_cart_item').set({ quantity }).where('id', '=', id).where('user_id', '=', userId).returning(['id', 'quantity']).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'mall.cartItemNotFound');
  return { id: row.id, quantity: row.quantity, cartItemNum: await cartItemNum(db, userId) };
}

/** Removes the caller's lines among ids; an id that is not one of them is refused and nothing is removed. */
export async function removeCartItems(db: Db, userId: string, ids: readonly string[]) {
  if (!ids.length) return { cartItemNum: await cartItemNum(db, userId) };
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('biz_cart_item').where('user_id', '=', userId).where('id', 'in', ids).returning('id').execute();
    if (removed.length !== new Set(ids).size) throw new AppError(ResultCode.notFound, 'mall.cartItemNotFound');
  });
  return { cartItemNum: await cartItemNum(db, userId) };
}

/** Selects or unselects the caller's lines among ids, or all of them when ids is absent. */
export async function selectCartItems(db: Db, userId: string, body: { ids?: string[]; selected: number }) {
  if (body.ids && !body.ids.length) return null;
  await db.transaction().execute(async (trx) => {
    let update = trx.updateTable('biz_cart_item').set({ selected: body.selected }).where('user_id', '=', userId);
    if (body.ids) update = update.where('id', 'in', body.ids);
    const rows = await update.returning('id').execute();
    if (body.ids && rows.length !== new Set(body.ids).size) throw new AppError(ResultCode.notFound, 'mall.cartItemNotFound');
  });
  return null;
}

function orderNumber(now: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `DD${stamp}${p(Math.floor(Math.random() * 1_000_000), 6)}`;
}

export interface FromMallBody {
  fromMallParamObj?: { itemId?: unknown; quantity?: unknown } | null;
  cartIds?: string[];
  address?: string | null;
  remarks?: string | null;
}

/**
 * POST /api/cart/BizCartDetail/fromMall (buy now): an order from fromMallParamObj {itemId, quantity}, or else from
 * the caller's cart lines named by cartIds (or, without cartIds, the selected ones), which leave the cart. Stock is locked, checked and
 * decremented in the same transaction as the order is written; a short line refuses the whole order.
 */
export async function buyNow(db: Db, userId: string, body: FromMallBody) {
  const direct = body.fromMallParamObj;
  const directQuantity = direct ? quantityOrRefuse(direct.quantity) : 0;
  return db.transaction().execute(async (trx) => {
    let lines: { itemId: string; quantity: number; cartId?: string }[];
    if (direct) {
      if (typeof direct.itemId !== 'string' || !direct.itemId) throw AppError.badRequest('mall.badBody');
      lines = [{ itemId: direct.itemId, quantity: directQuantity }];
    } else {
      // cartIds names the lines exactly (each must be the caller's); without it the selected lines are bought.
      const named = body.cartIds?.length ? [...new Set(body.cartIds)] : undefined;
      let cart = trx.selectFrom('biz_cart_item').select(['id', 'item_id', 'quantity']).where('user_id', '=', userId);
      cart = named ? cart.where('id', 'in', named) : cart.where('selected', '=', 1);
      const rows = await cart.orderBy('created_at').orderBy('id').forUpdate().execute();
      if (named && rows.length !== named.length) throw new AppError(ResultCode.notFound, 'mall.cartItemNotFound');
      if (!rows.length) throw AppError.badRequest('mall.nothingSelected');
      lines = rows.map((r) => ({ itemId: r.item_id, quantity: r.quantity, cartId: r.id }));
    }
    const ids = [...new Set(lines.map((l) => l.itemId))].sort();
    const items = await trx.selectFrom('biz_item').select(['id', 'name', 'cas', 'spec', 'brand', 'unit_name', 'price', 'stock', 'del']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
    const byId = new Map(items.map((i) => [i.id, i]));
    for (const line of lines) {
      const item = byId.get(line.itemId);
      if (!item || item.del !== 0) throw new AppError(ResultCode.notFound, 'mall.itemNotFound');
      if (item.stock < line.quantity) throw AppError.badRequest('mall.outOfStock', { name: item.name, spec: item.spec ?? '', stock: item.stock, quantity: line.quantity });
    }
    const user = await trx.selectFrom('base_user').select(['organize_id']).where('id', '=', userId).executeTakeFirst();
    const orderId = newId();
    const total = lines.reduce((sum, l) => sum + Number(byId.get(l.itemId)!.price) * l.quantity, 0);
    const orderNo = orderNumber(new Date());
    await trx
      .insertInto('biz_order')
      .values({ id: orderId, order_no: orderNo, user_id: userId, organize_id: user?.organize_id ?? null, status: ORDER_STATUS.placed, total_amount: total.toFixed(2), address: body.address ?? null, remarks: body.remarks ?? null })
      .execute();
    await trx
      .insertInto('biz_order_item')
      .values(lines.map((l) => {
        const item = byId.get(l.itemId)!;
        return { id: newId(), order_id: orderId, item_id: item.id, name: item.name, cas: item.cas, spec: item.spec, brand: item.brand, unit_name: item.unit_name, price: item.price, quantity: l.quantity };
      }))
      .execute();
    for (const line of lines) await trx.updateTable('biz_item').set({ stock: sql`stock - ${line.quantity}` }).where('id', '=', line.itemId).execute();
    const cartIds = lines.flatMap((l) => (l.cartId ? [l.cartId] : []));
    if (cartIds.length) await trx.deleteFrom('biz_cart_item').where('id', 'in', cartIds).execute();
    return { id: orderId, orderNo, totalAmount: money(total) };
  });
}

const orderListSpec: ListSpec = {
  keywordColumns: ['o.order_no', 'u.real_name', 'o.remarks'],
  sortable: { orderNo: 'o.order_no', creatorTime: 'o.created_at', totalAmount: 'o.total_amount', status: 'o.status' },
  filters: { status: { column: 'o.status', searchType: 1 }, userId: { column: 'o.user_id', searchType: 1 } },
  defaultOrder: [['o.created_at', 'desc']],
  tieBreaker: 'o.id',
  dataScope: { creatorColumn: 'o.user_id', organizeColumn: 'o.organize_id' },
};

function orderRows(db: Db) {
  return db
    .selectFrom('biz_order as o')
    .leftJoin('base_user as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.order_no', 'o.user_id', 'o.organize_id', 'o.status', 'o.approval_status', 'o.second_status', 'o.total_amount', 'o.address', 'o.remarks', 'o.created_at', 'u.real_name', 'u.account'])
    .select(sql<string>`(select count(*) from biz_order_item oi where oi.order_id = o.id)`.as('line_count'));
}

type OrderRow = { id: string; order_no: string; user_id: string; organize_id: string | null; status: number; approval_status: number | null; second_status: number | null; total_amount: string; address: string | null; remarks: string | null; created_at: Date; real_name: string | null; account: string | null; line_count: string };

function orderView(r: OrderRow, language: Language) {
  const statusKey = orderStatusKey(r.status);
  const listKey = listOrderStatusKey(r.approval_status, r.second_status);
  return {
    id: r.id,
    orderNo: r.order_no,
    userId: r.user_id,
    userName: r.real_name ? `${r.real_name}/${r.account}` : null,
    organizeId: r.organize_id,
    status: r.status,
    statusLabel: ORDER_STATUS_LABELS[statusKey][language],
    approvalStatus: r.approval_status,
    secondStatus: r.second_status,
    listOrderStatus: ORDER_STATUS_LABELS[listKey][language],
    totalAmount: money(r.total_amount),
    lineCount: Number(r.line_count),
    address: r.address,
    remarks: r.remarks,
    creatorTime: new Date(r.created_at).getTime(),
  };
}

/** POST /api/mall/order/list: orders the caller's data scope on mall.orders shows (own for staff, all for procurement). */
export async function orderList(db: Db, params: ListParams, scope: DataScopeRequest | undefined, language: Language) {
  const { list, pagination } = await listQuery(orderRows(db), params, orderListSpec, scope);
  return { list: list.map((r) => orderView(r as OrderRow, language)), pagination };
}

async function scopedOrder(db: Db | Transaction<DB>, id: string, scope: DataScopeRequest | undefined) {
  let query = orderRows(db as Db).where('o.id', '=', id);
  if (scope) query = await applyDataScope(query, { ...orderListSpec.dataScope }, scope);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'mall.orderNotFound');
  return row as OrderRow;
}

/** GET /api/mall/order/{id}: an order the caller may see, with its lines. Another's order answers not found. */
export async function orderDetail(db: Db, id: string, scope: DataScopeRequest | undefined, language: Language) {
  const row = await scopedOrder(db, id, scope);
  const lines = await db.selectFrom('biz_order_item').selectAll().where('order_id', '=', id).orderBy('name').orderBy('id').execute();
  return {
    ...orderView(row, language),
    items: lines.map((l) => ({ id: l.id, itemId: l.item_id, name: l.name, cas: l.cas, spec: l.spec, brand: l.brand, unitName: l.unit_name, price: money(l.price), quantity: l.quantity, amount: money(Number(l.price) * l.quantity) })),
  };
}

async function restock(trx: Transaction<DB>, orderId: string) {
  const lines = await trx.selectFrom('biz_order_item').select(['item_id', 'quantity']).where('order_id', '=', orderId).orderBy('item_id').execute();
  for (const l of lines) await trx.updateTable('biz_item').set({ stock: sql`stock + ${l.quantity}` }).where('id', '=', l.item_id).execute();
}

/** PUT /api/mall/order/{id}/Actions/Cancel: the owner cancels an order still at 1 (placed); its stock goes back. */
export async function cancelOrder(db: Db, id: string, userId: string) {
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('biz_order').select(['id', 'user_id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!order || order.user_id !== userId) throw new AppError(ResultCode.notFound, 'mall.orderNotFound');
    if (order.status !== ORDER_STATUS.placed) throw AppError.badRequest('mall.cancelNotAllowed');
    await trx.updateTable('biz_order').set({ status: ORDER_STATUS.cancelled }).where('id', '=', id).execute();
    await restock(trx, id);
  });
}

/** The moves procurement makes: placed → delivering or completed, delivering or partly received → completed. */
const MOVES: Record<number, readonly number[]> = { 1: [2, 10], 2: [10], 3: [10] };

/** PUT /api/mall/order/{id}/Actions/Status: procurement moves an order it can see (2 delivering, 10 completed). */
export async function moveOrder(db: Db, id: string, status: number, scope: DataScopeRequest | undefined, language: Language) {
  await db.transaction().execute(async (trx) => {
    const order = await scopedOrder(trx, id, scope);
    if (!(MOVES[order.status] ?? []).includes(status)) {
      throw AppError.badRequest('mall.statusMove', { from: ORDER_STATUS_LABELS[orderStatusKey(order.status)][language], to: ORDER_STATUS_LABELS[orderStatusKey(status)][language] });
    }
    const moved = await trx.updateTable('biz_order').set({ status }).where('id', '=', id).where('status', '=', order.status).returning('id').execute();
    if (!moved.length) throw AppError.badRequest('mall.statusMove', { from: ORDER_STATUS_LABELS[orderStatusKey(order.status)][language], to: ORDER_STATUS_LABELS[orderStatusKey(status)][language] });
  });
}

/** GET /api/itemDict/BizItemDict/detail/{id}: a product as requisitions show it. */
export async function productDetail(db: Db, id: string) {
  const item = await itemById(db, id);
  return { id: item.id, name: item.name, itemCode: item.itemCode, cas: item.cas, spec: item.spec, model: item.model, brand: item.brand, unitName: item.unitName, fineness: item.fineness, stocked: item.stocked };
}

/** POST /api/itemDict/BizItemDict/selectStockedProductByEntity: spare-stock products (del 0, stocked Y), paged. */
export async function stockedProducts(db: Db, params: ListParams) {
  const { list, pagination } = await listQuery(catalogue(db).where('i.stocked', '=', 'Y'), params, itemListSpec);
  return { list: list.map((r) => ({ id: r.id, name: r.name, itemCode: r.item_code, cas: r.cas, spec: r.spec, model: r.model, brand: r.brand, unitName: r.unit_name })), pagination };
}
