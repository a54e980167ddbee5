import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';

/**
 * The column settings drawer (spec 001 §2, §7): each user chooses which columns of a module's list show. Until a
 * user saves, the module's permitted columns all show.
 */
export interface ColumnSetting {
  prop: string;
  label: string;
  visible: boolean;
}

export async function columnsFor(db: Kysely<DB>, userId: string, moduleId: string): Promise<ColumnSetting[]> {
  const module = await db.selectFrom('base_module').select('id').where('id', '=', moduleId).executeTakeFirst();
  if (!module) throw new AppError(ResultCode.notFound, 'columns.moduleNotFound');
  const saved = await db.selectFrom('base_column_setting').select('field_list').where('user_id', '=', userId).where('module_id', '=', moduleId).executeTakeFirst();
  if (saved) return JSON.parse(saved.field_list) as ColumnSetting[];
  const columns = await db.selectFrom('base_module_column').select(['en_code', 'full_name']).where('module_id', '=', moduleId).orderBy('sort_code').execute();
  return columns.map((c) => ({ prop: c.en_code, label: c.full_name, visible: true }));
}

/** fieldList arrives as a JSON string (spec 001 §7); anything but a list of {prop, label, visible} is refused. */
export function parseFieldList(fieldList: unknown): ColumnSetting[] {
  let value: unknown = fieldList;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw AppError.badRequest('columns.badList');
    }
  }
  if (!Array.isArray(value) || value.length > 500) throw AppError.badRequest('columns.badList');
  return value.map((item) => {
    const entry = item as Record<string, unknown>;
    const prop = entry?.prop;
    if (typeof prop !== 'string' || !prop || prop.length > 100) throw AppError.badRequest('columns.badList');
    const visible = entry.visible ?? entry.columnVisible;
    return { prop, label: typeof entry.label === 'string' ? entry.label.slice(0, 100) : prop, visible: visible !== false && visible !== 0 };
  });
}

export async function saveColumns(db: Kysely<DB>, userId: string, moduleId: string, fieldList: unknown): Promise<void> {
  const list = parseFieldList(fieldList);
  const module = await db.selectFrom('base_module').select('id').where('id', '=', moduleId).executeTakeFirst();
  if (!module) throw new AppError(ResultCode.notFound, 'columns.moduleNotFound');
  await db
    .insertInto('base_column_setting')
    .values({ user_id: userId, module_id: moduleId, field_list: JSON.stringify(list) })
    .onConflict((oc) => oc.columns(['user_id', 'module_id']).doUpdateSet({ field_list: JSON.stringify(list), updated_at: new Date() }))
    .execute();
}
