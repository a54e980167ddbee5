import type { Transaction } from 'kysely';
import organisation from '../../../../fixtures/organize/organisation.json' with { type: 'json' };
import { hashPasswordForTransport } from '../../../shared/passwordHash.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import type { SeedContext } from '../../../kernel/server/module.js';
import { hashStoredPassword } from './passwordStore.js';

/** The demo users with their roles, positions and managers (fixtures/organize); the organisation module seeds the tree first. */
export async function seedUsers(trx: Transaction<DB>, ctx: SeedContext): Promise<void> {
  // Demo users share one password by design, so they share one hash; a user who changes it gets a hash of their own.
  const adminHash = await hashStoredPassword(hashPasswordForTransport(ctx.passwords.admin));
  const demoHash = await hashStoredPassword(hashPasswordForTransport(ctx.passwords.demoUser));
  const { users } = organisation;
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
        // Users who must name a project on requisitions (spec 001 §4, §5).
        fill_project: 'fillProject' in user && user.fillProject ? 1 : 0,
      })
      .execute();
    // Memberships: the main organisation and position plus any extra ones, roles and groups (the optional lists
    // may be absent from older fixtures).
    const listOf = (key: string): string[] => {
      const value = (user as Record<string, unknown>)[key];
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    };
    const memberships: [string, string[]][] = [
      ['Organize', [user.organizeId, ...listOf('extraOrganizeIds')]],
      ['Position', [user.positionId, ...listOf('extraPositionIds')]],
      ['Role', listOf('roles')],
      ['Group', listOf('groups')],
    ];
    const relations = memberships.flatMap(([type, ids]) => [...new Set(ids)].map((objectId) => ({ id: newId(), user_id: id, object_type: type, object_id: objectId })));
    await trx.insertInto('base_user_relation').values(relations).execute();
  }
  for (const [managerAccount, reports] of Object.entries(organisation.managers)) {
    if (managerAccount.startsWith('_') || !Array.isArray(reports)) continue;
    const managerId = idByAccount.get(managerAccount);
    const reportIds = reports.map((account) => idByAccount.get(account)).filter((id): id is string => Boolean(id));
    if (managerId && reportIds.length) await trx.updateTable('base_user').set({ manager_id: managerId }).where('id', 'in', reportIds).execute();
  }
}
