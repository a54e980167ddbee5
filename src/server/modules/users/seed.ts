import type { Transaction } from 'kysely';
import organisation from '../../../../fixtures/demo/organisation.json' with { type: 'json' };
import { hashPasswordForTransport } from '../../../shared/passwordHash.js';
import type { DB } from '../../db/schema.js';
import { newId } from '../../db/id.js';
import type { SeedContext } from '../../module.js';
import { hashStoredPassword } from '../oauth/passwordStore.js';

/** The demo company, departments, positions and users with their roles and managers (fixtures/demo). */
export async function seedUsers(trx: Transaction<DB>, ctx: SeedContext): Promise<void> {
  // Demo users share one password by design, so they share one hash; a user who changes it gets a hash of their own.
  const adminHash = await hashStoredPassword(hashPasswordForTransport(ctx.passwords.admin));
  const demoHash = await hashStoredPassword(hashPasswordForTransport(ctx.passwords.demoUser));
  const { company, departments, positions, users } = organisation;
  await trx
    .insertInto('base_organize')
    .values([
      { id: company.id, parent_id: '-1', category: 'company', full_name: company.fullName, en_code: company.enCode, description: '虚构的演示公司' },
      ...departments.map((d, index) => ({ id: d.id, parent_id: company.id, category: 'department', full_name: d.fullName, en_code: d.enCode, sort_code: index, description: null })),
    ])
    .execute();
  await trx
    .insertInto('base_position')
    .values(positions.map((p, index) => ({ id: p.id, organize_id: p.organizeId, full_name: p.fullName, en_code: p.enCode, sort_code: index })))
    .execute();

  const idByAccount = new Map<string, string>();
  for (const [index, user] of users.entries()) {
    const id = ('id' in user && user.id) || newId();
    idByAccount.set(user.account, id);
    const parentAccount = 'parentAccount' in user ? user.parentAccount : undefined;
    await trx
      .insertInto('base_user')
      .values({
        id,
        account: user.account,
        real_name: user.realName,
        mobile: ('mobile' in user && user.mobile) || `1370000${String(index).padStart(4, '0')}`,
        email: `${user.account}@example.com`,
        organize_id: user.organizeId,
        position_id: user.positionId,
        parent_user_id: parentAccount ? idByAccount.get(parentAccount) ?? null : null,
        password_hash: 'isAdministrator' in user && user.isAdministrator ? adminHash : demoHash,
        is_administrator: 'isAdministrator' in user && user.isAdministrator ? 1 : 0,
        // Seeded passwords count as changed, so the demo forces a change only on the one newcomer marked so.
        change_password_date: 'initialPassword' in user && user.initialPassword ? null : new Date(),
        sort_code: index,
      })
      .execute();
    const relations = [
      ...user.roles.map((roleId) => ({ id: newId(), user_id: id, object_type: 'Role', object_id: roleId })),
      { id: newId(), user_id: id, object_type: 'Position', object_id: user.positionId },
    ];
    await trx.insertInto('base_user_relation').values(relations).execute();
  }
  for (const [managerAccount, reports] of Object.entries(organisation.managers)) {
    if (managerAccount.startsWith('_') || !Array.isArray(reports)) continue;
    const managerId = idByAccount.get(managerAccount);
    const reportIds = reports.map((account) => idByAccount.get(account)).filter((id): id is string => Boolean(id));
    if (managerId && reportIds.length) await trx.updateTable('base_user').set({ manager_id: managerId }).where('id', 'in', reportIds).execute();
  }
}
