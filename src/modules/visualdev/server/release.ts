import type { Kysely, Transaction } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import type { FormDefinition } from '../../../shared/form/definition.js';
import { AppError } from '../../../kernel/server/appError.js';
import { newId } from '../../../kernel/server/db/id.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { grantReleasedMenu, menuCodeOwner, releasedMenuId, saveReleasedMenu, type ReleasedResource } from '../../permission/server/public.js';
import { ensureDataTables } from '../../onlineData/server/public.js';
import { checkColumnData, checkFormData } from './definitionCheck.js';
import { designColumns, designRow, formPermissionCodes } from './service.js';

/**
 * Releasing a design (JNPF POST /api/visualdev/Base/{id}/Actions/Release): the design as it is now becomes the
 * version staff's pages run (base_visual_dev_release), its data tables are created or altered, and, when asked,
 * it gets a menu page (type 3) under the chosen directory with its buttons, list columns and form fields as
 * permission entries. All of it in one transaction: a release that fails anywhere leaves the previous release.
 *
 * The body is JNPF's VisualDevPubModel: pc and app (1 to release there), pcModuleParentId and appModuleParentId
 * (a menu id or a list of them). LabCode has one menu tree, the web one: the first pc parent is used, app is
 * recorded but makes no menu (decision 64). A design already released to a menu keeps it: a re-release without
 * pc updates that page in place.
 */
export interface ReleaseInput {
  pc?: number | string | boolean;
  app?: number | string | boolean;
  pcModuleParentId?: string | string[];
  appModuleParentId?: string | string[];
  pcSystemId?: string;
  appSystemId?: string;
  platformRelease?: string;
}

/** The roles whose members get a released menu at once: the administrators' role of the seed. */
export const RELEASE_GRANTED_ROLES = ['admin'] as const;

const chosen = (value: unknown) => value === 1 || value === '1' || value === true;
const firstId = (value: unknown): string | undefined => {
  const id = Array.isArray(value) ? value[0] : value;
  return typeof id === 'string' && id.trim() ? id.trim() : undefined;
};

/** JNPF's list buttons (btnsList, columnBtnsList values) and the permission codes its pages check. */
const BUTTON_CODES: Record<string, ReleasedResource> = {
  add: { enCode: 'btn_add', fullName: '新增' },
  edit: { enCode: 'btn_edit', fullName: '编辑' },
  remove: { enCode: 'btn_remove', fullName: '删除' },
  detail: { enCode: 'btn_detail', fullName: '详情' },
  download: { enCode: 'btn_download', fullName: '导出' },
  upload: { enCode: 'btn_upload', fullName: '导入' },
  batchRemove: { enCode: 'btn_batchRemove', fullName: '批量删除' },
  batchPrint: { enCode: 'btn_batchPrint', fullName: '批量打印' },
};
/** Lists saved before JNPF had button settings (V3.1) always showed these. */
const DEFAULT_LIST_BUTTONS = ['add', 'edit', 'remove', 'detail'];

const asList = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => Boolean(v) && typeof v === 'object') : []);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The buttons a released page offers: what its list enables; a form-only page submits (btn_add). */
export function releasedButtons(webType: number, columnData: Record<string, unknown> | null): ReleasedResource[] {
  if (webType === 1 || !columnData) return [BUTTON_CODES.add];
  const hasSettings = Array.isArray(columnData.btnsList) || Array.isArray(columnData.columnBtnsList);
  const values = hasSettings ? [...asList(columnData.btnsList), ...asList(columnData.columnBtnsList)].map((b) => text(b.value)).filter((v): v is string => Boolean(v)) : DEFAULT_LIST_BUTTONS;
  const buttons: ReleasedResource[] = [];
  for (const value of values) {
    const known = Object.hasOwn(BUTTON_CODES, value) ? BUTTON_CODES[value] : undefined;
    // A custom button of the list (JNPF's enableFunc) is checked by its own code.
    if (known) buttons.push(known);
    else if (/^[A-Za-z][A-Za-z0-9_]{0,60}$/.test(value)) buttons.push({ enCode: value.startsWith('btn_') ? value : `btn_${value}`, fullName: value });
  }
  return buttons;
}

/** The list's columns (columnList: prop in V3, __vModel__ or id in V5), named by their labels. */
export function releasedColumns(columnData: Record<string, unknown> | null): ReleasedResource[] {
  return asList(columnData?.columnList)
    .map((column) => {
      const enCode = text(column.prop) ?? text(column.__vModel__) ?? text(column.id);
      const fullName = text(column.label) ?? text(column.fullName) ?? enCode;
      return enCode ? { enCode, fullName: fullName ?? enCode } : undefined;
    })
    .filter((c): c is ReleasedResource => c !== undefined && c.enCode.length <= 100);
}

export interface ReleaseResult {
  /** The menu page the design is released to, if any. */
  menuId: string | null;
}

export async function releaseDesign(db: Kysely<DB>, id: string, input: ReleaseInput, userId: string): Promise<ReleaseResult> {
  return db.transaction().execute((trx) => releaseDesignIn(trx, id, input, userId));
}

/** The release inside a transaction the caller holds: the route's own, or the demo seed's (seedReleasedDesign). */
async function releaseDesignIn(trx: Transaction<DB>, id: string, input: ReleaseInput, userId: string): Promise<ReleaseResult> {
  // The row lock orders two releases of one design: the second sees the first's menu.
  await trx.selectFrom('base_visual_dev').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  const row = await designRow(trx, id);
  // Checked again: a definition stored under older rules must not become tables and permissions unchecked.
  const form = checkFormData(row.form_data) as FormDefinition | null;
  const columnData = checkColumnData(row.column_data, 'visualdev.columnDataMalformed');
  if (row.web_type !== 4 && !form) throw AppError.badRequest('visualdev.formDataRequired');
  if ((row.web_type === 2 || row.web_type === 3) && !columnData) throw AppError.badRequest('visualdev.columnDataRequired');

  // The records' tables are created or migrated in this transaction (onlineData's dataTables.ts): a release
  // whose tables cannot be made leaves the previous release, tables and menu as they were.
  if (row.web_type !== 4) {
    await ensureDataTables(trx, {
      id, en_code: row.en_code, full_name: row.full_name, form_data: row.form_data, column_data: row.column_data,
      app_column_data: row.app_column_data, tables: row.tables_data, web_type: row.web_type,
    });
  }

  const snapshot = {
    full_name: row.full_name, en_code: row.en_code, web_type: row.web_type, form_data: row.form_data, column_data: row.column_data,
    app_column_data: row.app_column_data, tables_data: row.tables_data, db_link_id: row.db_link_id, released_at: new Date(), released_by: userId,
  };
  await trx
    .insertInto('base_visual_dev_release')
    .values({ id, ...snapshot })
    .onConflict((oc) => oc.column('id').doUpdateSet(snapshot))
    .execute();

  const menuId = releasedMenuId(id);
  const existingMenu = await trx.selectFrom('base_module').select(['id', 'parent_id', 'icon', 'sort_code']).where('id', '=', menuId).executeTakeFirst();
  const pc = chosen(input.pc);
  const parentId = firstId(input.pcModuleParentId) ?? existingMenu?.parent_id;
  const platform = { pc: pc ? 1 : 0, app: chosen(input.app) ? 1 : 0, pcModuleParentId: firstId(input.pcModuleParentId) ?? null, appModuleParentId: firstId(input.appModuleParentId) ?? null };
  await trx.updateTable('base_visual_dev').set({ state: 1, enabled_mark: 1, platform_release: JSON.stringify(platform) }).where('id', '=', id).execute();
  if (!pc && !existingMenu) return { menuId: null };
  if (!parentId) throw AppError.badRequest('visualdev.parentMenuNotFound');
  if (parentId !== '-1') {
    const parent = await trx.selectFrom('base_module').select(['id', 'type']).where('id', '=', parentId).executeTakeFirst();
    if (!parent) throw new AppError(ResultCode.badRequest, 'visualdev.parentMenuNotFound');
    // Pages hang under catalogues and directories (types 0 and 1), never under another page.
    if (parent.type !== 0 && parent.type !== 1) throw AppError.badRequest('visualdev.parentMenuInvalid');
  }
  const owner = await menuCodeOwner(trx, row.en_code);
  if (owner && owner !== menuId) throw new AppError(ResultCode.conflict, 'visualdev.menuCodeTaken', { code: row.en_code });

  const saved = await saveReleasedMenu(trx, {
    designId: id,
    parentId,
    enCode: row.en_code,
    fullName: row.full_name,
    icon: existingMenu?.icon ?? 'FormOutlined',
    sortCode: existingMenu?.sort_code ?? row.sort_code,
    propertyJson: { moduleId: id, isTree: columnData?.type === 2 ? 1 : 0, iconBackgroundColor: '' },
    buttons: releasedButtons(row.web_type, columnData),
    columns: row.web_type === 1 ? [] : releasedColumns(columnData),
    forms: formPermissionCodes(form),
    columnAuthorize: columnData?.useColumnPermission === true,
    formAuthorize: columnData?.useFormPermission === true,
  });
  await grantReleasedMenu(trx, saved.itemIds, RELEASE_GRANTED_ROLES);
  return { menuId: saved.menuId };
}

/** A design the demo seed ships (fixtures/demo): its definitions, names and place in the menu. */
export interface SeededDesign {
  fullName: string;
  enCode: string;
  category: string;
  formData: object;
  columnData: object;
  /** The directory its menu page goes under, and the page's place there (its icon is a release's, FormOutlined). */
  parentMenuId: string;
  sortCode: number;
}

/**
 * Stores a design and releases it to a menu page, in the seed's transaction (the demo's 动态表单示例): the
 * definition checks of a saved design, then the release from the designer as it is (its checks, tables, menu,
 * permission entries and grants), so the seeded page is a real released design that the designer can open, change
 * and release again. The code is not checked for uniqueness: the seed runs once, on an empty database, where the
 * menu code check of the release still refuses a clash. Answers the design's id.
 */
export async function seedReleasedDesign(trx: Transaction<DB>, design: SeededDesign, userId: string): Promise<string> {
  const id = newId();
  const values = designColumns({ fullName: design.fullName, enCode: design.enCode, category: design.category, webType: 2, formData: design.formData, columnData: design.columnData, tables: [], sortCode: design.sortCode });
  await trx.insertInto('base_visual_dev').values({ id, ...values, state: 0, creator_user_id: userId }).execute();
  await releaseDesignIn(trx, id, { pc: 1, pcModuleParentId: design.parentMenuId }, userId);
  return id;
}
