import type { Kysely } from 'kysely';
import { ResultCode } from '../../../shared/envelope.js';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { requiredText, sortCodeOf } from '../../../kernel/server/crud/namedRecord.js';
import { withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { parseConditions } from './schemeConditions.js';

/**
 * Data schemes of a menu page (JNPF's /system/ModuleDataAuthorizeScheme): what rows of the page's lists a grantee
 * of the scheme sees. JNPF describes every scheme as conditions; LabCode names the common ones by kind — all,
 * organize (own organisations), organizeAndSub (own department and below), own (own records) — and keeps
 * conditions for custom ones: `[{field, op, value}]` joined by matchLogic (and / or).
 */
export const SCHEME_KINDS = ['all', 'organize', 'organizeAndSub', 'own', 'custom'] as const;

export interface SchemeInput {
  moduleId?: unknown;
  fullName?: unknown;
  enCode?: unknown;
  kind?: unknown;
  conditionJson?: unknown;
  matchLogic?: unknown;
  sortCode?: unknown;
}

function view(row: { id: string; module_id: string; full_name: string; en_code: string; kind: string; condition_json: string | null; match_logic: string; sort_code: number }) {
  return {
    id: row.id,
    moduleId: row.module_id,
    fullName: row.full_name,
    enCode: row.en_code,
    kind: row.kind,
    conditionJson: row.condition_json,
    matchLogic: row.match_logic,
    sortCode: row.sort_code,
  };
}

export async function listSchemes(db: Kysely<DB>, moduleId: string) {
  const rows = await db.selectFrom('base_module_data_scheme').selectAll().where('module_id', '=', moduleId).orderBy('sort_code').orderBy('en_code').execute();
  return { list: rows.map(view) };
}

export async function getScheme(db: Kysely<DB>, id: string) {
  const row = await db.selectFrom('base_module_data_scheme').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(ResultCode.notFound, 'dataScheme.notFound');
  return view(row);
}

function checked(input: SchemeInput) {
  const kind = input.kind;
  if (typeof kind !== 'string' || !(SCHEME_KINDS as readonly string[]).includes(kind)) throw AppError.badRequest('dataScheme.badKind');
  let conditionJson: string | null = null;
  if (kind === 'custom') {
    const conditions = parseConditions(input.conditionJson);
    if (!conditions) throw AppError.badRequest('dataScheme.badCondition');
    conditionJson = JSON.stringify(conditions);
  }
  return {
    full_name: requiredText(input.fullName, { required: 'dataScheme.nameRequired', tooLong: 'dataScheme.nameTooLong' }),
    en_code: requiredText(input.enCode, { required: 'dataScheme.codeRequired', tooLong: 'dataScheme.codeTooLong' }),
    kind,
    condition_json: conditionJson,
    match_logic: typeof input.matchLogic === 'string' && input.matchLogic.toLowerCase() === 'or' ? 'or' : 'and',
    sort_code: sortCodeOf(input.sortCode),
  };
}

export async function createScheme(db: Kysely<DB>, input: SchemeInput): Promise<string> {
  const moduleId = typeof input.moduleId === 'string' ? input.moduleId : '';
  const module = moduleId ? await db.selectFrom('base_module').select('id').where('id', '=', moduleId).executeTakeFirst() : undefined;
  if (!module) throw new AppError(ResultCode.notFound, 'columns.moduleNotFound');
  const columns = checked(input);
  const id = newId();
  await withUniqueCode('dataScheme.codeExists', () => db.insertInto('base_module_data_scheme').values({ id, module_id: moduleId, ...columns }).execute());
  return id;
}

export async function updateScheme(db: Kysely<DB>, id: string, input: SchemeInput): Promise<void> {
  const columns = checked(input);
  const result = await withUniqueCode('dataScheme.codeExists', () => db.updateTable('base_module_data_scheme').set(columns).where('id', '=', id).executeTakeFirst());
  if (Number(result.numUpdatedRows) === 0) throw new AppError(ResultCode.notFound, 'dataScheme.notFound');
}

/** The scheme and every grant of it go together. */
export async function deleteScheme(db: Kysely<DB>, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('base_module_data_scheme').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError(ResultCode.notFound, 'dataScheme.notFound');
    await trx.deleteFrom('base_authorize').where('item_type', '=', 'resource').where('item_id', '=', id).execute();
  });
}
