import { request } from '../../api/request.js';

/**
 * The mall's calls (spec 001 §7 "Reagent mall, cart, requisition"), read tolerantly: lists answer data.list (a bare
 * array is taken as the list), numbers may come as strings (numeric columns), and ids as numbers or strings.
 */
export type ControlType = 'none' | 'hazardous' | 'precursor' | 'toxic' | 'explosive';

export interface MallItem {
  id: string;
  itemCode?: string;
  name: string;
  cas?: string;
  spec?: string;
  model?: string;
  fineness?: string;
  brand?: string;
  unitName?: string;
  price: number;
  stock: number;
  controlType?: ControlType;
  supplierName?: string;
}

export interface CartRow {
  id: string;
  itemId: string;
  name: string;
  cas?: string;
  spec?: string;
  brand?: string;
  fineness?: string;
  unitName?: string;
  price: number;
  stock?: number;
  quantity: number;
  selected: boolean;
}

export interface OrderRow {
  id: string;
  orderNo: string;
  status: number;
  approvalStatus: number | null;
  secondStatus: number | null;
  totalAmount: number;
  createdAt?: string | number;
  userName?: string;
  itemCount?: number;
  address?: string;
  remarks?: string;
}

export interface OrderItem {
  id: string;
  itemId?: string;
  name: string;
  cas?: string;
  spec?: string;
  brand?: string;
  unitName?: string;
  price: number;
  quantity: number;
}

export interface OrderDetail extends OrderRow {
  items: OrderItem[];
}

export interface Page<T> {
  list: T[];
  total: number;
}

type Raw = Record<string, unknown>;

const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
};
const numOrNull = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : num(value, 0));
const str = (value: unknown): string | undefined => (value === null || value === undefined ? undefined : String(value));

export function listOf(data: unknown): Raw[] {
  if (Array.isArray(data)) return data as Raw[];
  const list = (data as { list?: unknown } | null | undefined)?.list;
  return Array.isArray(list) ? (list as Raw[]) : [];
}

export function pageOf<T>(data: unknown, read: (raw: Raw) => T): Page<T> {
  const list = listOf(data).map(read);
  const total = num((data as { pagination?: { total?: unknown } } | null | undefined)?.pagination?.total, list.length);
  return { list, total };
}

const CONTROL_TYPES: ControlType[] = ['none', 'hazardous', 'precursor', 'toxic', 'explosive'];
export const controlTypeOf = (value: unknown): ControlType | undefined => (CONTROL_TYPES.includes(value as ControlType) ? (value as ControlType) : undefined);

export function readItem(raw: Raw): MallItem {
  return {
    id: String(raw.id),
    itemCode: str(raw.itemCode),
    name: String(raw.name ?? raw.fullName ?? ''),
    cas: str(raw.cas),
    spec: str(raw.spec),
    model: str(raw.model),
    fineness: str(raw.fineness),
    brand: str(raw.brand),
    unitName: str(raw.unitName),
    price: num(raw.price),
    stock: num(raw.stock),
    controlType: controlTypeOf(raw.controlType),
    supplierName: str(raw.supplierName),
  };
}

export function readCartRow(raw: Raw): CartRow {
  return {
    id: String(raw.id),
    itemId: String(raw.itemId ?? raw.id),
    name: String(raw.name ?? ''),
    cas: str(raw.cas),
    spec: str(raw.spec),
    brand: str(raw.brand),
    fineness: str(raw.fineness),
    unitName: str(raw.unitName),
    price: num(raw.price),
    stock: raw.stock === undefined ? undefined : num(raw.stock),
    quantity: num(raw.quantity ?? raw.num, 1),
    selected: raw.selected === true || num(raw.selected) === 1,
  };
}

export function readOrder(raw: Raw): OrderRow {
  return {
    id: String(raw.id),
    orderNo: String(raw.orderNo ?? ''),
    status: num(raw.status, 1),
    approvalStatus: numOrNull(raw.approvalStatus),
    secondStatus: numOrNull(raw.secondStatus),
    totalAmount: num(raw.totalAmount),
    createdAt: (raw.createdAt ?? raw.creatorTime) as string | number | undefined,
    userName: str(raw.userName ?? raw.creatorUser),
    itemCount: (raw.lineCount ?? raw.itemCount) === undefined ? undefined : num(raw.lineCount ?? raw.itemCount),
    address: str(raw.address),
    remarks: str(raw.remarks),
  };
}

export function readOrderDetail(raw: Raw): OrderDetail {
  const items = listOf(raw.items ?? raw.orderItems ?? raw.list).map((item) => ({
    id: String(item.id),
    itemId: str(item.itemId),
    name: String(item.name ?? ''),
    cas: str(item.cas),
    spec: str(item.spec),
    brand: str(item.brand),
    unitName: str(item.unitName),
    price: num(item.price),
    quantity: num(item.quantity),
  }));
  return { ...readOrder(raw), items };
}

/** The order id a buying call answers: data.id, data.orderId, or the id itself. */
export function orderIdOf(data: unknown): string | undefined {
  if (typeof data === 'string' || typeof data === 'number') return String(data);
  const record = (data ?? {}) as Raw;
  const id = record.orderId ?? record.id;
  return id === undefined || id === null ? undefined : String(id);
}

export interface SearchQuery {
  cas?: string;
  keyword?: string;
  currentPage: number;
  pageSize: number;
}

export const mallApi = {
  async search(query: SearchQuery): Promise<Page<MallItem>> {
    const { data } = await request<unknown>({ url: '/mall/itemListByCas', method: 'POST', data: query });
    return pageOf(data, readItem);
  },
  async item(id: string): Promise<MallItem> {
    const { data } = await request<Raw>({ url: `/mall/itemDetails/${encodeURIComponent(id)}`, method: 'GET' });
    return readItem(data ?? {});
  },
  /** The control type of each CAS number asked ({cas: controlType}); unknown numbers are left out. */
  async control(casList: string[]): Promise<Record<string, ControlType>> {
    if (!casList.length) return {};
    const { data } = await request<unknown>({ url: '/mall/getReagentControl', method: 'POST', data: { casList }, silent: true });
    const answer: Record<string, ControlType> = {};
    for (const row of listOf(data)) {
      const type = controlTypeOf(row.controlType);
      if (row.cas && type) answer[String(row.cas)] = type;
    }
    return answer;
  },
  putCart: (itemId: string, quantity: number) => request({ url: '/mall/putCart', method: 'POST', data: { itemId, quantity } }),
  /** 立即购买: an order of one item (fromMallParamObj), answering the order's id. */
  async buyNow(itemId: string, quantity: number): Promise<string | undefined> {
    const { data } = await request<unknown>({ url: '/cart/BizCartDetail/fromMall', method: 'POST', data: { fromMallParamObj: { itemId, quantity } } });
    return orderIdOf(data);
  },
  async cart(): Promise<CartRow[]> {
    const { data } = await request<unknown>({ url: '/cart/BizCartDetail/getList', method: 'POST', data: { currentPage: 1, pageSize: 10000 } });
    return listOf(data).map(readCartRow);
  },
  setQuantity: (id: string, quantity: number) => request({ url: `/cart/BizCartDetail/${encodeURIComponent(id)}/quantity`, method: 'PUT', data: { quantity } }),
  remove: (ids: string[]) => request({ url: '/cart/BizCartDetail/remove', method: 'POST', data: { ids } }),
  select: (ids: string[], selected: boolean) => request({ url: '/cart/BizCartDetail/select', method: 'PUT', data: { ids, selected: selected ? 1 : 0 } }),
  /** 结算: an order of the chosen cart lines (they leave the cart), answering the order's id. */
  async checkout(cartIds: string[]): Promise<string | undefined> {
    const { data } = await request<unknown>({ url: '/cart/BizCartDetail/fromMall', method: 'POST', data: { cartIds } });
    return orderIdOf(data);
  },
  async orders(query: { currentPage: number; pageSize: number; keyword?: string; status?: number }): Promise<Page<OrderRow>> {
    const { data } = await request<unknown>({ url: '/mall/order/list', method: 'POST', data: query });
    return pageOf(data, readOrder);
  },
  async order(id: string): Promise<OrderDetail> {
    const { data } = await request<Raw>({ url: `/mall/order/${encodeURIComponent(id)}`, method: 'GET' });
    return readOrderDetail(data ?? {});
  },
  cancel: (id: string) => request({ url: `/mall/order/${encodeURIComponent(id)}/Actions/Cancel`, method: 'PUT' }),
};
