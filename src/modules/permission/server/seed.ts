import type { Transaction } from 'kysely';
import organisation from '../../../../fixtures/organize/organisation.json' with { type: 'json' };
import type { DB } from '../../../kernel/server/db/schema.js';
import type { MenuCode, MenuItem } from '../../../kernel/server/menus.js';
import type { SeedContext } from '../../../kernel/server/module.js';
import { newId } from '../../../kernel/server/db/id.js';

/**
 * The demo roles (fixtures/organize), the menu tree the modules' menus.json compose (kernel/server/menus.ts) with its
 * buttons, columns, forms and data schemes, and what each role is granted.
 */
const BUTTON_NAMES: Record<string, string> = {
  btn_add: '新建',
  btn_edit: '编辑',
  btn_remove: '删除',
  btn_export: '导出',
  btn_import: '导入',
  btn_resetPassword: '重置密码',
  btn_authorize: '授权',
};
const DEFAULT_BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_export'];
/** The roles the demo agrees on; a grant naming one that organisation.json does not (yet) hold is skipped. */
const AGREED_ROLE_CODES = new Set(['admin', 'labManager', 'procurement', 'staff']);

interface RoleSeed {
  id: string;
  fullName: string;
  enCode: string;
  description?: string;
  globalMark?: number;
  organizeIds?: string[];
}

const codeOf = (code: MenuCode) => (typeof code === 'string' ? { enCode: code, fullName: code } : code);

export async function seedPermissions(trx: Transaction<DB>, ctx: SeedContext): Promise<void> {
  const roles = organisation.roles as RoleSeed[];
  await trx
    .insertInto('base_role')
    .values(roles.map((r, index) => ({ id: r.id, full_name: r.fullName, en_code: r.enCode, global_mark: r.globalMark === 0 ? 0 : 1, sort_code: index, description: r.description ?? null })))
    .execute();
  const links = roles.flatMap((r) => (r.globalMark === 0 ? (r.organizeIds ?? []).map((organize_id) => ({ role_id: r.id, organize_id })) : []));
  if (links.length) await trx.insertInto('base_role_organize').values(links).execute();
  const roleIdByCode = new Map(roles.map((r) => [r.enCode, r.id]));
  await seedMenus(trx, ctx.menus, '-1', roleIdByCode);
}

async function seedMenus(trx: Transaction<DB>, menus: readonly MenuItem[], parentId: string, roleIdByCode: Map<string, string>): Promise<void> {
  const grant = async (itemType: string, itemId: string, roleCodes: readonly string[]) => {
    const values = [];
    for (const code of roleCodes) {
      const roleId = roleIdByCode.get(code);
      if (!roleId) {
        if (AGREED_ROLE_CODES.has(code)) continue;
        throw new Error(`a menus.json names an unknown role: ${code}`);
      }
      values.push({ id: newId(), item_type: itemType, item_id: itemId, object_type: 'Role', object_id: roleId });
    }
    if (values.length) await trx.insertInto('base_authorize').values(values).execute();
  };
  for (const menu of menus) {
    const moduleId = `menu-${menu.enCode}`;
    const buttons = menu.buttons === true ? DEFAULT_BUTTONS : Array.isArray(menu.buttons) ? menu.buttons : [];
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
        sort_code: menu.sortCode,
        is_button_authorize: buttons.length ? 1 : 0,
        is_column_authorize: menu.columns ? 1 : 0,
        is_form_authorize: menu.forms ? 1 : 0,
      })
      .execute();
    const roles = menu.roles ?? [];
    await grant('module', moduleId, roles);

    const resources = [
      { table: 'base_module_button', itemType: 'button', codes: buttons.map((enCode) => ({ enCode, fullName: BUTTON_NAMES[enCode] ?? enCode })) },
      { table: 'base_module_column', itemType: 'column', codes: (menu.columns ?? []).map(codeOf) },
      { table: 'base_module_form', itemType: 'form', codes: (menu.forms ?? []).map(codeOf) },
    ] as const;
    for (const { table, itemType, codes } of resources) {
      for (const [sort, resource] of codes.entries()) {
        const resourceId = newId();
        await trx.insertInto(table).values({ id: resourceId, module_id: moduleId, en_code: resource.enCode, full_name: resource.fullName, sort_code: sort }).execute();
        const holders = itemType === 'button' ? roles.filter((code) => !menu.roleButtons?.[code] || menu.roleButtons[code].includes(resource.enCode)) : roles;
        await grant(itemType, resourceId, holders);
      }
    }
    for (const [sort, scheme] of (menu.schemes ?? []).entries()) {
      const schemeId = `scheme-${menu.enCode}-${scheme.enCode}`;
      await trx
        .insertInto('base_module_data_scheme')
        .values({
          id: schemeId,
          module_id: moduleId,
          en_code: scheme.enCode,
          full_name: scheme.fullName,
          kind: scheme.kind,
          condition_json: scheme.conditionJson ? JSON.stringify(scheme.conditionJson) : null,
          match_logic: scheme.matchLogic === 'or' ? 'or' : 'and',
          sort_code: sort,
        })
        .execute();
      await grant('resource', schemeId, scheme.roles ?? []);
    }
    if (menu.children) await seedMenus(trx, menu.children, moduleId, roleIdByCode);
  }
}
