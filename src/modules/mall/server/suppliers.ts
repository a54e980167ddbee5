import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { defineEntity } from '../../../kernel/server/crud/defineEntity.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';
import { namedRecordColumns, type NamedRecordInput } from '../../../kernel/server/crud/namedRecord.js';
import { namedRecordProperties } from '../../../kernel/server/crud/requestSchemas.js';
import type { SupplierTable } from './tables.js';

/**
 * The suppliers of the catalogue, a declared entity (/api/mall/Supplier, the 供应商 page mall.suppliers): name, code,
 * contact, phone, address, with how many items each supplies; and the items linked to one supplier, which the page
 * shows, links (an item has one supplier: linking moves it) and unlinks. A supplier with items is not deleted.
 * The mall's own search reads suppliers too (POST /api/mall/suppliers, service.ts).
 */
type Db = Kysely<DB> | Transaction<DB>;
export const SUPPLIER_MENU = 'mall.suppliers';

export interface SupplierInput extends NamedRecordInput {
  contact?: string | null;
  phone?: string | null;
  address?: string | null;
}

const PHONE = /^[0-9+\-() ]{0,30}$/;

const supplierBody = {
  type: 'object',
  required: ['fullName', 'enCode'],
  properties: {
    ...namedRecordProperties,
    contact: { type: ['string', 'null'], maxLength: 50 },
    phone: { type: ['string', 'null'], maxLength: 30 },
    address: { type: ['string', 'null'], maxLength: 200 },
  },
} as const;

const supplierListSpec: ListSpec = {
  keywordColumns: ['full_name', 'en_code', 'contact', 'phone'],
  sortable: { fullName: 'full_name', enCode: 'en_code', sortCode: 'sort_code', creatorTime: 'created_at' },
  defaultOrder: [['sort_code', 'asc'], ['full_name', 'asc']],
  filters: { enabledMark: { column: 'enabled_mark', searchType: 1 } },
};

async function views(db: Db, rows: Selectable<SupplierTable>[]) {
  const ids = rows.map((row) => row.id);
  const counts = ids.length
    ? new Map((await db.selectFrom('biz_item').select(['supplier_id', sql<number>`count(*)`.as('n')]).where('supplier_id', 'in', ids).where('del', '=', 0).groupBy('supplier_id').execute()).map((r) => [r.supplier_id, Number(r.n)]))
    : new Map<string | null, number>();
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    enCode: row.en_code,
    contact: row.contact,
    phone: row.phone,
    address: row.address,
    itemCount: counts.get(row.id) ?? 0,
    sortCode: Number(row.sort_code),
    enabledMark: row.enabled_mark,
    description: row.description,
    creatorTime: row.created_at,
    lastModifyTime: row.last_modify_time,
  }));
}

export const suppliers = defineEntity({
  table: 'biz_supplier',
  path: '/api/mall/Supplier',
  menu: SUPPLIER_MENU,
  list: supplierListSpec,
  body: supplierBody,
  messages: { notFound: 'mall.supplierNotFound' },
  unique: { code: 'mall.supplierCodeTaken', name: { message: 'mall.supplierNameTaken' } },
  scoped: false,
  columnPermissions: false,
  stamps: ['creator', 'modifiedAt'],
  views,
  columns: async (_db, input: SupplierInput) => {
    const named = namedRecordColumns(input, {
      name: { required: 'mall.supplierNameRequired', tooLong: 'mall.supplierNameTooLong' },
      code: { required: 'mall.supplierCodeRequired', tooLong: 'mall.supplierCodeTooLong' },
    });
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    const phone = text(input.phone);
    if (phone && !PHONE.test(phone)) throw AppError.badRequest('mall.supplierPhoneInvalid');
    return { ...named, contact: text(input.contact), phone, address: text(input.address) };
  },
  beforeRemove: async (trx, current) => {
    // Any item that names it, taken off the catalogue or not: the link is a foreign key.
    const linked = await trx.selectFrom('biz_item').select('id').where('supplier_id', '=', current.id).limit(1).executeTakeFirst();
    if (linked) throw AppError.badRequest('mall.supplierHasItems');
  },
});

const itemSpec: ListSpec = { keywordColumns: ['name', 'cas', 'item_code', 'brand'], defaultOrder: [['item_code', 'asc']] };
const itemView = (row: { id: string; item_code: string; name: string; cas: string | null; spec: string | null; brand: string | null; price: string; stock: number; supplier_id: string | null; supplier_name?: string | null }) => ({
  id: row.id,
  itemCode: row.item_code,
  name: row.name,
  cas: row.cas,
  spec: row.spec,
  brand: row.brand,
  price: Number(row.price).toFixed(2),
  stock: row.stock,
  supplierId: row.supplier_id,
  supplierName: row.supplier_name ?? null,
});

/** GET /api/mall/Supplier/{id}/Items (linked: its items) and /Candidates (the others, to link), paged, by keyword. */
export async function supplierItems(db: Db, supplierId: string, params: ListParams, linked: boolean) {
  await suppliers.get(db, supplierId);
  let query = db
    .selectFrom('biz_item as i')
    .leftJoin('biz_supplier as s', 's.id', 'i.supplier_id')
    .select(['i.id', 'i.item_code', 'i.name', 'i.cas', 'i.spec', 'i.brand', 'i.price', 'i.stock', 'i.supplier_id', 's.full_name as supplier_name'])
    .where('i.del', '=', 0);
  query = linked ? query.where('i.supplier_id', '=', supplierId) : query.where((eb) => eb.or([eb('i.supplier_id', 'is', null), eb('i.supplier_id', '<>', supplierId)]));
  const spec: ListSpec = { ...itemSpec, keywordColumns: itemSpec.keywordColumns.map((c) => `i.${c}`), defaultOrder: [['i.item_code', 'asc']], tieBreaker: 'i.id' };
  const page = await listQuery(query, params, spec);
  return { list: page.list.map(itemView), pagination: page.pagination };
}

/** PUT /api/mall/Supplier/{id}/Items {ids}: the items are this supplier's from now on (each item has one supplier). */
export async function linkItems(db: Kysely<DB>, supplierId: string, ids: string[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await suppliers.get(trx, supplierId);
    const unique = [...new Set(ids)];
    const found = await trx.selectFrom('biz_item').select('id').where('id', 'in', unique).where('del', '=', 0).execute();
    if (found.length !== unique.length) throw new AppError(ResultCode.notFound, 'mall.itemNotFound');
    await trx.updateTable('biz_item').set({ supplier_id: supplierId }).where('id', 'in', unique).execute();
    return unique.length;
  });
}

/** DELETE /api/mall/Supplier/{id}/Items/{itemId}: the item has no supplier any more. */
export async function unlinkItem(db: Kysely<DB>, supplierId: string, itemId: string): Promise<void> {
  await suppliers.get(db, supplierId);
  const result = await db.updateTable('biz_item').set({ supplier_id: null }).where('id', '=', itemId).where('supplier_id', '=', supplierId).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError(ResultCode.notFound, 'mall.itemNotFound');
}
