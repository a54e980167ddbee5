import type { Transaction } from 'kysely';
import catalogue from '../../../../fixtures/mall/reagents.json' with { type: 'json' };
import supplierFile from '../../../../fixtures/mall/suppliers.json' with { type: 'json' };
import type { DB } from '../../../kernel/server/db/schema.js';

/** The demo catalogue (fixtures/mall/reagents.json: real names and CAS numbers, fictitious brands, prices, stock) and suppliers. */
export async function seedMall(trx: Transaction<DB>): Promise<void> {
  await trx
    .insertInto('biz_supplier')
    .values(supplierFile.suppliers.map((s) => ({ id: s.id, full_name: s.fullName, en_code: s.id.toUpperCase(), contact: s.contact, phone: s.phone, address: s.address })))
    .execute();
  const rows = catalogue.items.map((item, index) => ({
    id: item.id,
    item_code: item.itemCode,
    name: item.name,
    cas: item.cas,
    spec: item.spec,
    model: item.model,
    fineness: item.fineness,
    brand: item.brand,
    unit_name: item.unitName,
    price: item.price,
    stock: item.stock,
    supplier_id: item.supplierId,
    control_type: item.controlType,
    stocked: item.stocked,
    sort_code: index,
  }));
  for (let start = 0; start < rows.length; start += 200) await trx.insertInto('biz_item').values(rows.slice(start, start + 200)).execute();
}
