import type { Transaction } from 'kysely';
import organisation from '../../../../fixtures/organize/organisation.json' with { type: 'json' };
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * The demo laboratory (fixtures/organize/organisation.json, fictitious): one company, its departments (some nested),
 * their positions and heads, and the user groups. Department heads name users the users module seeds next (the
 * column holds an id, no reference), so the heads are written here by the ids the file gives those users.
 */
export async function seedOrganisation(trx: Transaction<DB>): Promise<void> {
  const { company, departments, positions, groups, users } = organisation;
  const userIdByAccount = new Map(users.map((user) => [user.account, user.id]));
  const treeOf = new Map<string, string>([[company.id, company.id]]);
  const rows = [
    { id: company.id, parent_id: '-1', category: 'company', full_name: company.fullName, en_code: company.enCode, sort_code: 0, manager_id: userIdByAccount.get(company.managerAccount) ?? null, description: '虚构的演示公司', organize_id_tree: company.id },
  ];
  // Parents come before their children in the file, so each path extends one already known.
  for (const [index, department] of departments.entries()) {
    const parentTree = treeOf.get(department.parentId);
    if (!parentTree) throw new Error(`organisation.json: department ${department.id} names an unknown or later parent ${department.parentId}`);
    const tree = `${parentTree},${department.id}`;
    treeOf.set(department.id, tree);
    rows.push({
      id: department.id,
      parent_id: department.parentId,
      category: 'department',
      full_name: department.fullName,
      en_code: department.enCode,
      sort_code: index,
      manager_id: userIdByAccount.get(department.managerAccount) ?? null,
      description: '演示数据',
      organize_id_tree: tree,
    });
  }
  await trx.insertInto('base_organize').values(rows).execute();
  await trx
    .insertInto('base_position')
    .values(positions.map((p, index) => ({ id: p.id, organize_id: p.organizeId, full_name: p.fullName, en_code: p.enCode, sort_code: index, description: '演示数据' })))
    .execute();
  await trx
    .insertInto('base_group')
    .values(groups.map((g, index) => ({ id: g.id, full_name: g.fullName, en_code: g.enCode, type: g.type, sort_code: index, description: g.description })))
    .execute();
}
