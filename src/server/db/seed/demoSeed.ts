import type { Kysely, Transaction } from 'kysely';
import organisation from '../../../../fixtures/demo/organisation.json' with { type: 'json' };
import menuFile from '../../../../fixtures/demo/menus.json' with { type: 'json' };
import dictionaryFile from '../../../../fixtures/demo/dictionaries.json' with { type: 'json' };
import billRuleFile from '../../../../fixtures/demo/billRules.json' with { type: 'json' };
import sysConfig from '../../../../fixtures/demo/sysConfig.json' with { type: 'json' };
import { hashPasswordForTransport } from '../../../shared/passwordHash.js';
import { hashStoredPassword } from '../../modules/oauth/passwordStore.js';
import type { DB } from '../schema.js';
import { newId } from '../id.js';

/**
 * The demo seed: fictitious data (every file in fixtures/demo says so, and so does the about dialog) that makes a
 * fresh platform usable at once. It runs once, in one transaction, and marks itself done in base_sys_config.
 */
export interface SeedPasswords {
  admin: string;
  demoUser: string;
}

const SEEDED_KEY = 'demoSeededAt';
const DEFAULT_BUTTONS = [
  { enCode: 'btn_add', fullName: '新建' },
  { enCode: 'btn_edit', fullName: '编辑' },
  { enCode: 'btn_remove', fullName: '删除' },
  { enCode: 'btn_export', fullName: '导出' },
];

interface MenuSeed {
  enCode: string;
  fullName: string;
  type: number;
  icon?: string;
  urlAddress?: string;
  linkTarget?: string;
  propertyJson?: Record<string, unknown>;
  buttons?: boolean;
  columns?: string[];
  forms?: string[];
  roles?: string[];
  roleButtons?: Record<string, string[]>;
  children?: MenuSeed[];
}

interface DictionaryEntrySeed {
  fullName: string;
  enCode: string;
  children?: DictionaryEntrySeed[];
}

interface DictionaryTypeSeed {
  id: string;
  parentId?: string;
  fullName: string;
  enCode: string;
  isTree: number;
  entries: DictionaryEntrySeed[];
  children?: DictionaryTypeSeed[];
}

export async function isSeeded(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('base_sys_config').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  return Boolean(row);
}

export async function seedDemo(db: Kysely<DB>, passwords: SeedPasswords): Promise<void> {
  // Hash outside the transaction: argon2 is deliberately slow. Demo users share one password by design,
  // so they share one hash; a user who changes it gets a hash of their own.
  const adminHash = await hashStoredPassword(hashPasswordForTransport(passwords.admin));
  const demoHash = await hashStoredPassword(hashPasswordForTransport(passwords.demoUser));

  await db.transaction().execute(async (trx) => {
    // Another process may have seeded between our check and this transaction: the marker row is the arbiter.
    const inserted = await trx
      .insertInto('base_sys_config')
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!inserted) return;

    await seedOrganisation(trx, adminHash, demoHash);
    await seedMenus(trx, menuFile.menus as MenuSeed[], '-1');
    await seedDictionaries(trx, dictionaryFile.types as DictionaryTypeSeed[], '-1');
    await trx
      .insertInto('base_bill_rule')
      .values(
        billRuleFile.billRules.map((rule, index) => ({
          id: rule.id,
          full_name: rule.fullName,
          en_code: rule.enCode,
          category: rule.category,
          prefix: rule.prefix,
          date_format: rule.dateFormat,
          digit: rule.digit,
          start_number: rule.startNumber,
          sort_code: index,
          description: '演示数据',
        })),
      )
      .execute();
    const settings = Object.entries(sysConfig).filter(([key]) => !key.startsWith('_'));
    await trx.insertInto('base_sys_config').values(settings.map(([key, value]) => ({ key, value: String(value) }))).execute();
  });
}

async function seedOrganisation(trx: Transaction<DB>, adminHash: string, demoHash: string): Promise<void> {
  const { company, departments, positions, roles, users } = organisation;
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
  await trx
    .insertInto('base_role')
    .values(roles.map((r, index) => ({ id: r.id, full_name: r.fullName, en_code: r.enCode, sort_code: index, description: r.description })))
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

async function seedMenus(trx: Transaction<DB>, menus: MenuSeed[], parentId: string): Promise<void> {
  const roleIdByCode = new Map(organisation.roles.map((r) => [r.enCode, r.id]));
  for (const [index, menu] of menus.entries()) {
    const moduleId = `menu-${menu.enCode}`;
    await trx
      .insertInto('base_module')
      .values({
        id: moduleId,
        parent_id: parentId,
        type: menu.type,
        en_code: menu.enCode,
        full_name: menu.fullName,
        icon: menu.icon ?? null,
        url_address: menu.urlAddress ?? null,
        link_target: menu.linkTarget ?? null,
        property_json: menu.propertyJson ? JSON.stringify(menu.propertyJson) : null,
        sort_code: index,
        is_button_authorize: menu.buttons ? 1 : 0,
        is_column_authorize: menu.columns ? 1 : 0,
        is_form_authorize: menu.forms ? 1 : 0,
      })
      .execute();

    const resources = {
      base_module_button: menu.buttons ? DEFAULT_BUTTONS : [],
      base_module_column: (menu.columns ?? []).map((enCode) => ({ enCode, fullName: enCode })),
      base_module_form: (menu.forms ?? []).map((enCode) => ({ enCode, fullName: enCode })),
    } as const;
    const itemTypeOf = { base_module_button: 'button', base_module_column: 'column', base_module_form: 'form' } as const;
    const grants: { item_type: string; item_id: string; roleCode: string }[] = [];
    for (const roleCode of menu.roles ?? []) grants.push({ item_type: 'module', item_id: moduleId, roleCode });

    for (const table of Object.keys(resources) as (keyof typeof resources)[]) {
      for (const [sort, resource] of resources[table].entries()) {
        const resourceId = newId();
        await trx
          .insertInto(table)
          .values({ id: resourceId, module_id: moduleId, en_code: resource.enCode, full_name: resource.fullName, sort_code: sort })
          .execute();
        for (const roleCode of menu.roles ?? []) {
          const allowedButtons = menu.roleButtons?.[roleCode];
          if (table === 'base_module_button' && allowedButtons && !allowedButtons.includes(resource.enCode)) continue;
          grants.push({ item_type: itemTypeOf[table], item_id: resourceId, roleCode });
        }
      }
    }
    for (const grant of grants) {
      const roleId = roleIdByCode.get(grant.roleCode);
      if (!roleId) throw new Error(`menus.json names an unknown role: ${grant.roleCode}`);
      await trx
        .insertInto('base_authorize')
        .values({ id: newId(), item_type: grant.item_type, item_id: grant.item_id, object_type: 'Role', object_id: roleId })
        .execute();
    }
    if (menu.children) await seedMenus(trx, menu.children, moduleId);
  }
}

async function seedDictionaries(trx: Transaction<DB>, types: DictionaryTypeSeed[], parentId: string): Promise<void> {
  for (const [index, type] of types.entries()) {
    await trx
      .insertInto('base_dictionary_type')
      .values({ id: type.id, parent_id: parentId, full_name: type.fullName, en_code: type.enCode, is_tree: type.isTree, sort_code: index, description: null })
      .execute();
    await seedDictionaryEntries(trx, type.id, type.entries, '0');
    if (type.children) await seedDictionaries(trx, type.children, type.id);
  }
}

async function seedDictionaryEntries(trx: Transaction<DB>, typeId: string, entries: DictionaryEntrySeed[], parentId: string): Promise<void> {
  for (const [index, entry] of entries.entries()) {
    const id = newId();
    await trx
      .insertInto('base_dictionary_data')
      .values({ id, dictionary_type_id: typeId, parent_id: parentId, full_name: entry.fullName, en_code: entry.enCode, sort_code: index, description: null })
      .execute();
    if (entry.children) await seedDictionaryEntries(trx, typeId, entry.children, id);
  }
}
