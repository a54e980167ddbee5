import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';

/**
 * The menu items online development releases (spec 000 §2, type 3 "form"): one menu page per released design,
 * with its buttons, list columns and form fields as permission entries. The permission module owns these tables;
 * the visualdev module calls these functions inside its release transaction. Whoever calls them invalidates the grant
 * cache (app.grants.invalidate()) after the commit.
 *
 * A menu is found again by its id, derived from the design's, so a re-release updates the same page and its
 * entries in place: entries that remain keep their ids (and so every grant made on them), new ones are added, and
 * entries the design no longer has are removed with their grants.
 */
export interface ReleasedResource {
  enCode: string;
  fullName: string;
}

export interface ReleasedMenu {
  /** The design's id: the menu's propertyJson.moduleId. */
  designId: string;
  parentId: string;
  enCode: string;
  fullName: string;
  icon: string | null;
  sortCode: number;
  /** JNPF's propertyJson of a type-3 menu: {moduleId, isTree, iconBackgroundColor}. */
  propertyJson: Record<string, unknown>;
  buttons: readonly ReleasedResource[];
  columns: readonly ReleasedResource[];
  forms: readonly ReleasedResource[];
  /** Whether the page's list columns and form fields are permission-controlled (the list's use*Permission). */
  columnAuthorize: boolean;
  formAuthorize: boolean;
}

/** Menu type 3: a page of a designed form (spec 000 §2). */
export const FORM_MENU_TYPE = 3;

/** The id of the web menu a design is released to. */
export const releasedMenuId = (designId: string) => `visualdev-${designId}`;

type ResourceTable = 'base_module_button' | 'base_module_column' | 'base_module_form';
const ITEM_TYPE: Record<ResourceTable, string> = { base_module_button: 'button', base_module_column: 'column', base_module_form: 'form' };

/** The menu another page uses this code for, if any: menu codes are unique across the whole tree. */
export async function menuCodeOwner(trx: Transaction<DB>, enCode: string): Promise<string | undefined> {
  const row = await trx.selectFrom('base_module').select('id').where('en_code', '=', enCode).executeTakeFirst();
  return row?.id;
}

/** Creates or updates a design's menu page and its entries; answers the menu id and the ids of every entry. */
export async function saveReleasedMenu(trx: Transaction<DB>, menu: ReleasedMenu): Promise<{ menuId: string; itemIds: { itemType: string; id: string }[] }> {
  const menuId = releasedMenuId(menu.designId);
  const values = {
    parent_id: menu.parentId,
    type: FORM_MENU_TYPE,
    en_code: menu.enCode,
    full_name: menu.fullName,
    icon: menu.icon,
    url_address: menu.enCode,
    property_json: JSON.stringify(menu.propertyJson),
    is_button_authorize: 1,
    is_column_authorize: menu.columnAuthorize ? 1 : 0,
    is_form_authorize: menu.formAuthorize ? 1 : 0,
  };
  const existing = await trx.selectFrom('base_module').select('id').where('id', '=', menuId).executeTakeFirst();
  if (existing) await trx.updateTable('base_module').set(values).where('id', '=', menuId).execute();
  else await trx.insertInto('base_module').values({ id: menuId, ...values, sort_code: menu.sortCode, enabled_mark: 1 }).execute();

  const itemIds: { itemType: string; id: string }[] = [{ itemType: 'module', id: menuId }];
  const sync = async (table: ResourceTable, wanted: readonly ReleasedResource[]) => {
    const current = await trx.selectFrom(table).select(['id', 'en_code']).where('module_id', '=', menuId).execute();
    const byCode = new Map(current.map((row) => [row.en_code, row.id]));
    const keep = new Set<string>();
    const seen = new Set<string>();
    const unique = wanted.filter((resource) => !seen.has(resource.enCode) && Boolean(seen.add(resource.enCode)));
    for (const [sort, resource] of unique.entries()) {
      const fullName = [...resource.fullName].slice(0, 50).join('') || resource.enCode.slice(0, 50);
      const id = byCode.get(resource.enCode);
      if (id) {
        await trx.updateTable(table).set({ full_name: fullName, sort_code: sort }).where('id', '=', id).execute();
        keep.add(id);
        itemIds.push({ itemType: ITEM_TYPE[table], id });
      } else {
        const newEntry = newId();
        await trx.insertInto(table).values({ id: newEntry, module_id: menuId, en_code: resource.enCode, full_name: fullName, sort_code: sort }).execute();
        keep.add(newEntry);
        itemIds.push({ itemType: ITEM_TYPE[table], id: newEntry });
      }
    }
    const gone = current.filter((row) => !keep.has(row.id)).map((row) => row.id);
    if (gone.length) {
      await trx.deleteFrom('base_authorize').where('item_type', '=', ITEM_TYPE[table]).where('item_id', 'in', gone).execute();
      await trx.deleteFrom(table).where('id', 'in', gone).execute();
    }
  };
  await sync('base_module_button', menu.buttons);
  await sync('base_module_column', menu.columns);
  await sync('base_module_form', menu.forms);
  return { menuId, itemIds };
}

/** Grants a released menu and its entries to roles (by role code); grants already made stay as they are. */
export async function grantReleasedMenu(trx: Transaction<DB>, items: readonly { itemType: string; id: string }[], roleCodes: readonly string[]): Promise<void> {
  if (items.length === 0 || roleCodes.length === 0) return;
  const roles = await trx.selectFrom('base_role').select('id').where('en_code', 'in', [...roleCodes]).execute();
  for (const role of roles) {
    const values = items.map((item) => ({ id: newId(), item_type: item.itemType, item_id: item.id, object_type: 'Role', object_id: role.id }));
    await trx
      .insertInto('base_authorize')
      .values(values)
      .onConflict((oc) => oc.columns(['item_type', 'item_id', 'object_type', 'object_id']).doNothing())
      .execute();
  }
}

/** Removes a design's menu page, its entries and every grant on them (the design was deleted). */
export async function removeReleasedMenu(trx: Transaction<DB>, designId: string): Promise<boolean> {
  const menuId = releasedMenuId(designId);
  const { rows } = await sql<{ id: string; item_type: string }>`
    select id, 'button' as item_type from base_module_button where module_id = ${menuId}
    union all select id, 'column' from base_module_column where module_id = ${menuId}
    union all select id, 'form' from base_module_form where module_id = ${menuId}
    union all select id, 'resource' from base_module_data_scheme where module_id = ${menuId}`.execute(trx);
  for (const itemType of ['button', 'column', 'form', 'resource']) {
    const ids = rows.filter((r) => r.item_type === itemType).map((r) => r.id);
    if (ids.length) await trx.deleteFrom('base_authorize').where('item_type', '=', itemType).where('item_id', 'in', ids).execute();
  }
  await trx.deleteFrom('base_authorize').where('item_type', '=', 'module').where('item_id', '=', menuId).execute();
  // Buttons, columns, form fields and data schemes go with the menu (foreign keys cascade).
  const result = await trx.deleteFrom('base_module').where('id', '=', menuId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
