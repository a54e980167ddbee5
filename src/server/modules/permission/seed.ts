import type { Transaction } from 'kysely';
import organisation from '../../../../fixtures/demo/organisation.json' with { type: 'json' };
import menuFile from '../../../../fixtures/demo/menus.json' with { type: 'json' };
import type { DB } from '../../db/schema.js';
import { newId } from '../../db/id.js';

/** The demo roles, menus with their buttons, columns and forms, and what each role is granted (fixtures/demo). */
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

export async function seedPermissions(trx: Transaction<DB>): Promise<void> {
  await trx
    .insertInto('base_role')
    .values(organisation.roles.map((r, index) => ({ id: r.id, full_name: r.fullName, en_code: r.enCode, sort_code: index, description: r.description })))
    .execute();
  await seedMenus(trx, menuFile.menus as MenuSeed[], '-1');
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
