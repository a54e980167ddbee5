import { sql, type Kysely } from 'kysely';
import { SORT_CODE_MAX, SORT_CODE_MIN, TREE_TOP_NODE_ID } from '../../../shared/constants.js';
import { AppError } from '../../../kernel/server/appError.js';
import { assertCodeFree, withUniqueCode } from '../../../kernel/server/crud/uniqueCode.js';
import { enabledMarkOf } from '../../../kernel/server/crud/namedRecord.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { newId } from '../../../kernel/server/db/id.js';
import { getType } from './service.js';

/**
 * Export and import of one dictionary category with its entries (the category drawer's per-row export and its
 * import, spec 001 §2). The file is JSON: {format, category, entries}; importing it back recreates the category
 * at the top level, in one transaction, refusing a category code that already exists.
 */
export const EXPORT_FORMAT = 'labcode.dictionary.v1';
const MAX_ENTRIES = 10_000;

interface ExportedEntry {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  description: string | null;
}

export async function exportCategory(db: Kysely<DB>, typeId: string) {
  const type = await getType(db, typeId);
  const entries = await db.selectFrom('base_dictionary_data').selectAll().where('dictionary_type_id', '=', type.id).orderBy('sort_code').execute();
  const file = {
    format: EXPORT_FORMAT,
    category: { fullName: type.fullName, enCode: type.enCode, isTree: type.isTree, sortCode: type.sortCode, description: type.description },
    entries: entries.map((e) => ({ id: e.id, parentId: e.parent_id, fullName: e.full_name, enCode: e.en_code, sortCode: e.sort_code, enabledMark: e.enabled_mark, description: e.description })),
  };
  return { fileName: `${type.fullName}-${type.enCode}.json`, content: new TextEncoder().encode(JSON.stringify(file, null, 2)) };
}

function readExport(content: Buffer) {
  let value: unknown;
  try {
    value = JSON.parse(content.toString('utf8'));
  } catch {
    throw AppError.badRequest('dictionary.importBadFile');
  }
  const file = value as { format?: string; category?: Record<string, unknown>; entries?: unknown[] };
  const text = (v: unknown) => typeof v === 'string' && v.trim().length > 0 && [...v.trim()].length <= 50;
  if (file?.format !== EXPORT_FORMAT || !file.category || !text(file.category.fullName) || !text(file.category.enCode) || !Array.isArray(file.entries) || file.entries.length > MAX_ENTRIES) {
    throw AppError.badRequest('dictionary.importBadFile');
  }
  const entries = file.entries as ExportedEntry[];
  for (const entry of entries) {
    if (!entry || typeof entry.id !== 'string' || typeof entry.parentId !== 'string' || !text(entry.fullName) || !text(entry.enCode)) throw AppError.badRequest('dictionary.importBadFile');
  }
  // Ids tie entries to their parents: one id on two entries makes the tree ambiguous.
  if (new Set(entries.map((entry) => entry.id)).size !== entries.length) throw AppError.badRequest('dictionary.importBadFile');
  if (hasParentLoop(entries)) throw AppError.badRequest('dictionary.importBadFile');
  return { category: file.category, entries };
}

/** A self-parent or a cycle of parents would make entries no tree could ever show: such a file is refused. */
function hasParentLoop(entries: ExportedEntry[]): boolean {
  const parentOf = new Map(entries.map((entry) => [entry.id, entry.parentId]));
  const settled = new Set<string>();
  for (const entry of entries) {
    const path = new Set<string>();
    let current: string | undefined = entry.id;
    while (current !== undefined && parentOf.has(current) && !settled.has(current)) {
      if (path.has(current)) return true;
      path.add(current);
      current = parentOf.get(current);
    }
    path.forEach((id) => settled.add(id));
  }
  return false;
}

/**
 * A category from its export file, in one transaction. A category whose code exists is refused (409), unless
 * `overwrite` was asked for (the user said yes to 是否覆盖): then the category takes the file's name and settings,
 * an entry whose code it already has takes the file's name, order, state, description and parent (keeping its id,
 * which records' values point at), the file's other entries are added, and entries the file lacks stay.
 */
export async function importCategory(db: Kysely<DB>, content: Buffer, { overwrite = false }: { overwrite?: boolean } = {}) {
  const { category, entries } = readExport(content);
  const enCode = String(category.enCode).trim();
  const codeRule = { table: 'base_dictionary_type', message: 'dictionary.importExists', params: { code: enCode } } as const;
  const codes = new Set<string>();
  for (const entry of entries) {
    if (codes.has(entry.enCode.trim().toLowerCase())) throw AppError.badRequest('dictionary.importBadFile');
    codes.add(entry.enCode.trim().toLowerCase());
  }
  const typeValues = { full_name: String(category.fullName).trim(), is_tree: category.isTree === 1 ? 1 : 0, sort_code: Number(category.sortCode) || 0, description: typeof category.description === 'string' ? category.description : null };
  return withUniqueCode(codeRule.message, () => db.transaction().execute(async (trx) => {
    const existing = overwrite ? await trx.selectFrom('base_dictionary_type').select('id').where(sql<string>`lower(en_code)`, '=', enCode.toLowerCase()).forUpdate().executeTakeFirst() : undefined;
    if (!existing) await assertCodeFree(trx, codeRule, enCode);
    const typeId = existing?.id ?? newId();
    if (existing) await trx.updateTable('base_dictionary_type').set(typeValues).where('id', '=', typeId).execute();
    else await trx.insertInto('base_dictionary_type').values({ id: typeId, parent_id: TREE_TOP_NODE_ID, en_code: enCode, ...typeValues }).execute();
    // An entry the category has (by code) keeps its id; the others get new ones. Parents are mapped through the
    // file's ids; an unknown parent becomes the top level.
    const held = existing ? await trx.selectFrom('base_dictionary_data').select(['id', 'en_code']).where('dictionary_type_id', '=', typeId).execute() : [];
    const heldIds = new Map(held.map((row) => [row.en_code.toLowerCase(), row.id]));
    const idFor = new Map(entries.map((entry) => [entry.id, heldIds.get(entry.enCode.trim().toLowerCase()) ?? newId()]));
    const rows = entries.map((entry) => ({
      id: idFor.get(entry.id)!,
      dictionary_type_id: typeId,
      parent_id: idFor.get(entry.parentId) ?? '0',
      full_name: entry.fullName.trim(),
      en_code: entry.enCode.trim(),
      sort_code: Number.isInteger(entry.sortCode) && entry.sortCode >= SORT_CODE_MIN && entry.sortCode <= SORT_CODE_MAX ? entry.sortCode : 0,
      enabled_mark: enabledMarkOf(entry.enabledMark),
      description: typeof entry.description === 'string' ? entry.description : null,
    }));
    const heldIdSet = new Set(held.map((row) => row.id));
    const added = rows.filter((row) => !heldIdSet.has(row.id));
    for (let i = 0; i < added.length; i += 500) await trx.insertInto('base_dictionary_data').values(added.slice(i, i + 500)).execute();
    for (const { id, ...row } of rows.filter((candidate) => heldIdSet.has(candidate.id))) await trx.updateTable('base_dictionary_data').set(row).where('id', '=', id).execute();
    return { id: typeId, entries: entries.length, overwritten: existing ? 1 : 0 };
  }), codeRule.params);
}
