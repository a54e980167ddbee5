import type { Transaction } from 'kysely';
import organisation from '../../../../fixtures/demo/organisation.json' with { type: 'json' };
import type { DB } from '../../db/schema.js';

/** The demo company, its departments and their positions (fixtures/demo, fictitious). */
export async function seedOrganisation(trx: Transaction<DB>): Promise<void> {
  const { company, departments, positions } = organisation;
  await trx
    .insertInto('base_organize')
    .values([
      { id: company.id, parent_id: '-1', category: 'company', full_name: company.fullName, en_code: company.enCode, description: '虚构的演示公司', organize_id_tree: company.id },
      ...departments.map((d, index) => ({ id: d.id, parent_id: company.id, category: 'department', full_name: d.fullName, en_code: d.enCode, sort_code: index, description: null, organize_id_tree: `${company.id},${d.id}` })),
    ])
    .execute();
  await trx
    .insertInto('base_position')
    .values(positions.map((p, index) => ({ id: p.id, organize_id: p.organizeId, full_name: p.fullName, en_code: p.enCode, sort_code: index })))
    .execute();
}
