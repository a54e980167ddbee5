import type { Kysely, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { grantedItemIds, granteesOf } from './grants.js';

/**
 * Permission management (JNPF's /permission/Authority, spec 000 §6): app, menu, button, column, form and data
 * permissions (system, module, button, column, form, resource) granted to a role, position, user or group.
 * LabCode is one app: its id is `labcode`, the one systemIds entry a grantee may hold (recorded; it does not
 * filter menus, since there is nothing else to choose).
 */
export const SYSTEM_ID = 'labcode';
export const OBJECT_TYPES = ['Role', 'Position', 'User', 'Group', 'PermissionGroup'] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];
export const ITEM_TYPES = ['system', 'module', 'button', 'column', 'form', 'resource'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** The body field of each kind in PUT /Data/{objectId} (JNPF's AuthorizeDataUpForm). */
const BODY_FIELD: Record<ItemType, string> = { system: 'systemIds', module: 'module', button: 'button', column: 'column', form: 'form', resource: 'resource' };
const RESOURCE_TABLE = { button: 'base_module_button', column: 'base_module_column', form: 'base_module_form', resource: 'base_module_data_scheme' } as const;
const OBJECT_TABLE = { Role: 'base_role', Position: 'base_position', User: 'base_user', Group: 'base_group', PermissionGroup: 'base_permission_group' } as const;

export const isObjectType = (value: unknown): value is ObjectType => typeof value === 'string' && (OBJECT_TYPES as readonly string[]).includes(value);
export const isItemType = (value: unknown): value is ItemType => typeof value === 'string' && (ITEM_TYPES as readonly string[]).includes(value);

interface TreeNode {
  id: string;
  fullName: string;
  icon: string | null;
  type: string;
  sortCode: number;
  disabled: boolean;
  children?: TreeNode[];
}

/**
 * JNPF 3.6 grants a permission group's permissions with objectType Role and the group's id: a Role id that is no
 * role but a permission group's is read as the group.
 */
export async function grantedObjectType(db: Kysely<DB>, objectType: ObjectType, objectId: string): Promise<ObjectType> {
  if (objectType !== 'Role') return objectType;
  if (await db.selectFrom('base_role').select('id').where('id', '=', objectId).executeTakeFirst()) return objectType;
  return (await db.selectFrom('base_permission_group').select('id').where('id', '=', objectId).executeTakeFirst()) ? 'PermissionGroup' : objectType;
}

export async function assertObjectExists(db: Kysely<DB>, objectType: ObjectType, objectId: string): Promise<void> {
  const found = await db.selectFrom(OBJECT_TABLE[objectType]).select('id').where('id', '=', objectId).executeTakeFirst();
  if (!found) throw new AppError(ResultCode.notFound, 'authority.objectNotFound');
}

/** The item ids of every kind, as the catalogue holds them. */
async function itemIdsByKind(db: Kysely<DB>): Promise<Record<ItemType, Set<string>>> {
  const ids = (rows: { id: string }[]) => new Set(rows.map((r) => r.id));
  const [module, button, column, form, resource] = await Promise.all([
    db.selectFrom('base_module').select('id').execute(),
    db.selectFrom('base_module_button').select('id').execute(),
    db.selectFrom('base_module_column').select('id').execute(),
    db.selectFrom('base_module_form').select('id').execute(),
    db.selectFrom('base_module_data_scheme').select('id').execute(),
  ]);
  return { system: new Set([SYSTEM_ID]), module: ids(module), button: ids(button), column: ids(column), form: ids(form), resource: ids(resource) };
}

/** What the caller may hand out: everything for the administrator, else what they hold themselves. */
async function grantableIds(db: Kysely<DB>, caller: { userId: string; isAdministrator: boolean }, itemType: ItemType): Promise<Set<string> | undefined> {
  if (caller.isAdministrator) return undefined;
  return grantedItemIds(db, await granteesOf(db, caller.userId), itemType);
}

async function objectGrants(db: Kysely<DB>, objectId: string, itemType: ItemType, objectType?: ObjectType): Promise<Set<string>> {
  const rows = await db
    .selectFrom('base_authorize')
    .select('item_id')
    .where('object_id', '=', objectId)
    .where('item_type', '=', itemType)
    .$if(Boolean(objectType), (q) => q.where('object_type', '=', objectType!))
    .execute();
  return new Set(rows.map((r) => r.item_id));
}

/**
 * GET or POST /Data/{objectId}/Values (JNPF's getAuthorizeValues): the tree of one kind to tick, `ids` what the
 * object holds, `all` every item id of the kind (the "check all" of the client; menu ids are not in it for the
 * kinds hanging under menus). moduleIds (comma-joined) narrows the resource kinds to those menus. Items the
 * caller could not hand out are `disabled`.
 */
export async function authorizeValues(
  db: Kysely<DB>,
  caller: { userId: string; isAdministrator: boolean },
  objectId: string,
  query: { type: ItemType; moduleIds?: string; objectType?: ObjectType },
  systemName: string,
) {
  const { type } = query;
  const granted = await objectGrants(db, objectId, type, query.objectType);
  const grantable = await grantableIds(db, caller, type);
  const disabled = (id: string) => Boolean(grantable && !grantable.has(id));
  if (type === 'system') {
    return { list: [{ id: SYSTEM_ID, fullName: systemName, icon: 'icon-ym icon-ym-systemApp', type: 'system', sortCode: 0, disabled: disabled(SYSTEM_ID) }], ids: [...granted].filter((id) => id === SYSTEM_ID), all: [SYSTEM_ID] };
  }
  const modules = await db.selectFrom('base_module').select(['id', 'parent_id', 'full_name', 'icon', 'type', 'sort_code']).where('enabled_mark', '=', 1).orderBy('sort_code').orderBy('full_name').execute();
  const nodeOf = (m: (typeof modules)[number]): TreeNode => ({ id: m.id, fullName: m.full_name, icon: m.icon, type: 'module', sortCode: m.sort_code, disabled: type === 'module' && disabled(m.id), children: [] });
  const nodes = new Map(modules.map((m) => [m.id, nodeOf(m)]));
  let keep: Set<string>;
  let all: string[];
  if (type === 'module') {
    keep = new Set(nodes.keys());
    all = [...keep];
  } else {
    const asked = (query.moduleIds ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const resources = await db
      .selectFrom(RESOURCE_TABLE[type])
      .select(['id', 'module_id', 'full_name', 'en_code', 'sort_code'])
      .$if(asked.length > 0, (q) => q.where('module_id', 'in', asked))
      .orderBy('sort_code')
      .execute();
    keep = new Set<string>();
    all = [];
    for (const r of resources) {
      const page = nodes.get(r.module_id);
      if (!page) continue;
      page.children!.push({ id: r.id, fullName: r.full_name, icon: null, type, sortCode: r.sort_code, disabled: disabled(r.id) });
      all.push(r.id);
      // A page holding resources brings its ancestors, or the tree could not reach it.
      for (let id: string | undefined = r.module_id; id && nodes.has(id) && !keep.has(id); id = modules.find((m) => m.id === id)?.parent_id) keep.add(id);
    }
  }
  const top: TreeNode[] = [];
  for (const m of modules) {
    if (!keep.has(m.id)) continue;
    const node = nodes.get(m.id)!;
    const parent = keep.has(m.parent_id) ? nodes.get(m.parent_id) : undefined;
    if (parent) parent.children!.unshift(node);
    else top.push(node);
  }
  // Sub-menus before the page's own resources, each group in its stored order.
  const order = (list: TreeNode[]) => {
    list.sort((a, b) => Number(a.type !== 'module') - Number(b.type !== 'module') || a.sortCode - b.sortCode);
    list.forEach((n) => n.children && order(n.children));
  };
  order(top);
  // In the tree's order, not the table's: the same grants answer the same list on every call and database.
  return { list: top, ids: all.filter((id) => granted.has(id)), all };
}

export interface AuthorizeSaveBody {
  objectType?: unknown;
  [field: string]: unknown;
}

function idList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string' && id.length <= 50)) throw AppError.badRequest('error.badRequest');
  return [...new Set(value as string[])];
}

/** One kind of item a body asks to grant: the ids of that kind, and what the caller may hand out (all when undefined). */
interface ItemChange {
  itemType: ItemType;
  ids: string[];
  grantable?: Set<string>;
}

/**
 * The lists a body carries, checked: JNPF's client sends the ticked tree, so a button list also holds the menu ids
 * above the buttons: ids of another kind are passed over, ids of no kind at all are refused. A non-administrator
 * may hand out only what they hold themselves.
 */
async function checkedChanges(db: Kysely<DB>, caller: { userId: string; isAdministrator: boolean }, body: AuthorizeSaveBody): Promise<ItemChange[]> {
  const known = await itemIdsByKind(db);
  const everything = new Set(Object.values(known).flatMap((set) => [...set]));
  const changes: ItemChange[] = [];
  for (const itemType of ITEM_TYPES) {
    const asked = idList(body[BODY_FIELD[itemType]]);
    if (!asked) continue;
    const unknown = asked.find((id) => !everything.has(id));
    if (unknown) throw AppError.badRequest('authority.itemNotFound', { id: unknown });
    const ids = asked.filter((id) => known[itemType].has(id));
    const grantable = await grantableIds(db, caller, itemType);
    if (grantable && ids.some((id) => !grantable.has(id))) throw AppError.forbidden();
    changes.push({ itemType, ids, grantable });
  }
  return changes;
}

/**
 * PUT /Data/{objectId}: each list the body carries replaces what the object holds of that kind; a list left out
 * leaves that kind alone. A non-administrator leaves what they do not hold themselves as it was.
 */
export async function saveAuthorize(db: Kysely<DB>, caller: { userId: string; isAdministrator: boolean }, objectId: string, body: AuthorizeSaveBody): Promise<void> {
  if (!isObjectType(body.objectType)) throw AppError.badRequest('authority.badObjectType');
  // The route read a permission group's id sent as a Role's already; a caller of the service may not have.
  const objectType = await grantedObjectType(db, body.objectType, objectId);
  await assertObjectExists(db, objectType, objectId);
  const changes = await checkedChanges(db, caller, body);
  await db.transaction().execute(async (trx) => {
    for (const { itemType, ids, grantable } of changes) {
      const held = await trx.selectFrom('base_authorize').select('item_id').where('object_type', '=', objectType).where('object_id', '=', objectId).where('item_type', '=', itemType).execute();
      const kept = grantable ? held.map((h) => h.item_id).filter((id) => !grantable.has(id)) : [];
      await trx.deleteFrom('base_authorize').where('object_type', '=', objectType).where('object_id', '=', objectId).where('item_type', '=', itemType).execute();
      const next = [...new Set([...ids, ...kept])];
      if (next.length) {
        await trx
          .insertInto('base_authorize')
          .values(next.map((item_id) => ({ id: newId(), item_type: itemType, item_id, object_type: objectType, object_id: objectId })))
          .execute();
      }
    }
  });
}

/** The most object-item pairs one batch may grant: a page of roles times a menu tree, not a table's worth. */
export const BATCH_GRANT_LIMIT = 200_000;

/** The objects JNPF 3.4's batch page grants to, by body field. */
export const BATCH_OBJECTS = { roleIds: 'Role', positionIds: 'Position', userIds: 'User' } as const satisfies Record<string, ObjectType>;

/**
 * POST /Data/Batch (JNPF 3.4's 权限批量设置): the items the body carries are added to every role (position, user) it
 * names; what they already hold stays. Every object must exist; nothing is written when one does not.
 */
export async function saveBatchAuthorize(db: Kysely<DB>, caller: { userId: string; isAdministrator: boolean }, body: AuthorizeSaveBody): Promise<void> {
  const objects = Object.entries(BATCH_OBJECTS).map(([field, objectType]) => ({ objectType, ids: idList(body[field]) ?? [] })).filter((group) => group.ids.length > 0);
  // One query per kind of object: every one named must exist, or nothing is written.
  for (const { objectType, ids } of objects) {
    const found = await db.selectFrom(OBJECT_TABLE[objectType]).select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw new AppError(ResultCode.notFound, 'authority.objectNotFound');
  }
  const changes = (await checkedChanges(db, caller, body)).filter((change) => change.ids.length > 0);
  const pairs = objects.reduce((sum, group) => sum + group.ids.length, 0) * changes.reduce((sum, change) => sum + change.ids.length, 0);
  if (pairs > BATCH_GRANT_LIMIT) throw AppError.badRequest('authority.batchTooLarge', { limit: BATCH_GRANT_LIMIT });
  if (pairs === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const { objectType, ids } of objects) {
      const held = await trx
        .selectFrom('base_authorize')
        .select(['object_id', 'item_type', 'item_id'])
        .where('object_type', '=', objectType)
        .where('object_id', 'in', ids)
        .where('item_type', 'in', changes.map((change) => change.itemType))
        .execute();
      const holds = new Set(held.map((h) => `${h.object_id}|${h.item_type}|${h.item_id}`));
      const rows = ids.flatMap((objectId) =>
        changes.flatMap(({ itemType, ids: items }) => items.filter((item_id) => !holds.has(`${objectId}|${itemType}|${item_id}`)).map((item_id) => ({ id: newId(), item_type: itemType, item_id, object_type: objectType, object_id: objectId }))),
      );
      for (let at = 0; at < rows.length; at += 1000) await trx.insertInto('base_authorize').values(rows.slice(at, at + 1000)).execute();
    }
  });
}

/** The kind of an item id, or undefined. */
export async function itemTypeOf(db: Kysely<DB>, itemId: string): Promise<ItemType | undefined> {
  const known = await itemIdsByKind(db);
  return ITEM_TYPES.find((type) => known[type].has(itemId));
}

/** GET /Model/{itemId}/{objectType}: the objects of that type holding the item (JNPF's `{ids}`). */
export async function itemHolders(db: Kysely<DB>, itemId: string, objectType: ObjectType): Promise<{ ids: string[] }> {
  const rows = await db.selectFrom('base_authorize').select('object_id').where('item_id', '=', itemId).where('object_type', '=', objectType).execute();
  return { ids: [...new Set(rows.map((r) => r.object_id))] };
}

/** PUT /Model/{itemId}: the objects of one type holding the item become exactly these. */
export async function saveItemHolders(db: Kysely<DB>, itemId: string, objectType: ObjectType, objectIds: readonly string[]): Promise<void> {
  const itemType = await itemTypeOf(db, itemId);
  if (!itemType) throw AppError.badRequest('authority.itemNotFound', { id: itemId });
  const ids = [...new Set(objectIds)];
  if (ids.length) {
    const found = await db.selectFrom(OBJECT_TABLE[objectType]).select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw new AppError(ResultCode.notFound, 'authority.objectNotFound');
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('base_authorize').where('item_id', '=', itemId).where('item_type', '=', itemType).where('object_type', '=', objectType).execute();
    if (ids.length) {
      await trx.insertInto('base_authorize').values(ids.map((object_id) => ({ id: newId(), item_type: itemType, item_id: itemId, object_type: objectType, object_id }))).execute();
    }
  });
}

/**
 * For the modules that delete a grantee (a position, group or user): its grants go with it, in the caller's
 * transaction. The caller invalidates the grant cache after the commit.
 */
export async function deleteGrantsOf(db: Kysely<DB> | Transaction<DB>, objectType: ObjectType, objectId: string): Promise<void> {
  await db.deleteFrom('base_authorize').where('object_type', '=', objectType).where('object_id', '=', objectId).execute();
}
