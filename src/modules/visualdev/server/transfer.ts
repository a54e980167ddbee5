import type { Kysely } from 'kysely';
import { AppError } from '../../../kernel/server/appError.js';
import type { DB } from '../../../kernel/server/db/schema.js';
import { createDesign, designRow, type DesignInput } from './service.js';

/**
 * Export and import of one design as a JSON file (JNPF's Actions/Export and Actions/Import). The file holds the
 * design's fields under JNPF's names (formData, columnData, appColumnData and tables as JSON text), so a design
 * exported by JNPF imports here too; `format` marks ours. An import is a new draft design, checked like any save:
 * a file whose definitions we refuse is refused with the same message, naming the field.
 */
export const DESIGN_EXPORT_FORMAT = 'labcode.visualdev.v1';
/** Large forms with many options stay well under this; anything bigger is not a design. */
export const DESIGN_IMPORT_LIMIT_BYTES = 5 * 1024 * 1024;

export async function exportDesign(db: Kysely<DB>, id: string) {
  const row = await designRow(db, id);
  const file = {
    format: DESIGN_EXPORT_FORMAT,
    fullName: row.full_name,
    enCode: row.en_code,
    category: row.category,
    type: row.type,
    webType: row.web_type,
    formData: row.form_data,
    columnData: row.column_data,
    appColumnData: row.app_column_data,
    tables: row.tables_data ?? '[]',
    dbLinkId: row.db_link_id,
    sortCode: row.sort_code,
    description: row.description,
  };
  return { fileName: `${row.full_name}-${row.en_code}.json`, content: new TextEncoder().encode(JSON.stringify(file, null, 2)) };
}

/** The design a file holds; JNPF's export nests it under `visualDevEntity` in some versions. */
export function readDesignFile(content: Buffer): DesignInput {
  let value: unknown;
  try {
    value = JSON.parse(content.toString('utf8'));
  } catch {
    throw AppError.badRequest('visualdev.importBadFile');
  }
  const outer = value as Record<string, unknown> | null;
  const design = (outer && typeof outer === 'object' && outer.visualDevEntity && typeof outer.visualDevEntity === 'object' ? outer.visualDevEntity : outer) as Record<string, unknown> | null;
  if (!design || typeof design !== 'object' || Array.isArray(design) || typeof design.fullName !== 'string' || typeof design.enCode !== 'string') {
    throw AppError.badRequest('visualdev.importBadFile');
  }
  if (design.formData === undefined && design.columnData === undefined) throw AppError.badRequest('visualdev.importBadFile');
  return {
    fullName: design.fullName,
    enCode: design.enCode,
    category: design.category,
    type: design.type,
    webType: design.webType,
    formData: design.formData,
    columnData: design.columnData,
    appColumnData: design.appColumnData,
    // JNPF's entity calls the column visualTables; its JSON, tables.
    tables: design.tables ?? design.visualTables,
    dbLinkId: design.dbLinkId,
    sortCode: design.sortCode,
    description: design.description,
  };
}

export async function importDesign(db: Kysely<DB>, content: Buffer, userId: string) {
  return createDesign(db, readDesignFile(content), userId);
}
