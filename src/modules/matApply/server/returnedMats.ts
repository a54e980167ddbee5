import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { listQuery, type ListParams, type ListSpec } from '../../../kernel/server/crud/listQuery.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Returned reagents (spec 001 §3 apply-list item): 0 waiting to go back to stock, 1 submitted in a requisition. */
export const RETURNED_OPEN = 0;
export const RETURNED_SUBMITTED = 1;

const returnedListSpec: ListSpec = {
  keywordColumns: ['name', 'cas', 'brand', 'bin_name'],
  sortable: { name: 'name', cas: 'cas', expDate: 'exp_date', applyNum: 'apply_num', creatorTime: 'created_at' },
  defaultOrder: [['created_at', 'asc']],
};

/** POST /api/example/BizReturnedMats/selectReturnedMats: the caller's open returned reagents, paged. */
export async function openReturnedMats(db: Db, userId: string, params: ListParams) {
  const query = db
    .selectFrom('biz_returned_mat')
    .select(['id', 'item_id', 'name', 'cas', 'spec', 'brand', 'fineness', 'unit', 'bin_name', 'apply_num', sql<string | null>`to_char(exp_date, 'YYYY-MM-DD')`.as('exp_date')])
    .where('user_id', '=', userId)
    .where('status', '=', RETURNED_OPEN);
  const { list, pagination } = await listQuery(query, params, returnedListSpec);
  return {
    list: list.map((r) => ({
      id: r.id,
      itemId: r.item_id,
      name: r.name,
      cas: r.cas ?? '',
      spec: r.spec ?? '',
      brand: r.brand ?? '',
      fineness: r.fineness ?? '',
      unit: r.unit ?? '',
      binName: r.bin_name ?? '',
      expDate: r.exp_date ?? '',
      applyNum: r.apply_num,
    })),
    pagination,
  };
}
