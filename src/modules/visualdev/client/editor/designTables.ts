import type { FormDefinition } from '../../../../shared/form/definition.js';
import { flattenFields } from '../../../../shared/form/walkFields.js';
import type { DesignTable } from '../designApi.js';

/** A table name the server can create: a letter first, letters, digits and underscores, 60 at most. */
export const TABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;

/**
 * The design's tables in JNPF's `tables` shape: the main table the administrator names, then one child table per
 * sub-table of the form (its __config__.tableName, or its field key), linked to the main table by its id.
 */
export function designTables(mainTable: string, form: FormDefinition): DesignTable[] {
  const children = flattenFields(form.fields)
    .filter((node) => node.role === 'subTable')
    .map((node): DesignTable => ({ table: String(node.config.tableName || node.field.__vModel__ || ''), typeId: '0', relationTable: mainTable, relationField: 'id', tableField: 'f_foreign_id' }))
    .filter((table) => table.table);
  return [{ table: mainTable, typeId: '1' }, ...children];
}

/** The main table's name from stored tables (a JSON string or an array), '' when there is none. */
export function mainTableOf(tables: unknown): string {
  let list: unknown = tables;
  if (typeof tables === 'string') {
    try {
      list = tables.trim() ? JSON.parse(tables) : [];
    } catch {
      return '';
    }
  }
  if (!Array.isArray(list)) return '';
  const main = (list as DesignTable[]).find((t) => String(t.typeId) === '1') ?? (list as DesignTable[])[0];
  return main?.table ? String(main.table) : '';
}
