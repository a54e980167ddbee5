import type { Transaction } from 'kysely';
import demo from '../../../../fixtures/matApply/projects.json' with { type: 'json' };
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * The demo projects with their members and the returned reagents of some demo users (fixtures/matApply/projects.json).
 * A returned reagent points at the catalogue item of its CAS number, if the catalogue has one.
 */
export async function seedMatApply(trx: Transaction<DB>): Promise<void> {
  const users = new Set((await trx.selectFrom('base_user').select('id').execute()).map((u) => u.id));
  await trx
    .insertInto('biz_project')
    .values(demo.projects.map((p) => ({ id: p.id, pro_name: p.proName, organize_id: p.organizeId, enabled_mark: p.enabledMark })))
    .execute();
  const members = demo.projects.flatMap((p) => p.members.filter((userId) => users.has(userId)).map((userId) => ({ project_id: p.id, user_id: userId })));
  if (members.length) await trx.insertInto('biz_project_member').values(members).execute();

  const casNumbers = [...new Set(demo.returnedMats.map((r) => r.cas))];
  // The mall seeds its catalogue first (module order), so each reagent finds the item of its CAS number.
  const items = await trx.selectFrom('biz_item').select(['id', 'cas']).where('cas', 'in', casNumbers).where('del', '=', 0).orderBy('id').execute();
  const itemByCas = new Map<string, string>();
  for (const item of items) if (item.cas && !itemByCas.has(item.cas)) itemByCas.set(item.cas, item.id);
  const returned = demo.returnedMats
    .filter((r) => users.has(r.userId))
    .map((r) => ({
      id: r.id,
      user_id: r.userId,
      item_id: itemByCas.get(r.cas) ?? null,
      name: r.name,
      cas: r.cas,
      spec: r.spec,
      brand: r.brand,
      fineness: r.fineness,
      unit: r.unit,
      bin_name: r.binName,
      exp_date: r.expDate,
      apply_num: r.applyNum,
    }));
  if (returned.length) await trx.insertInto('biz_returned_mat').values(returned).execute();
}
