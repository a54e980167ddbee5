/**
 * Column and form-field permissions applied to answers and bodies (spec 000 §6). Columns are named by the list's
 * row properties (a column's enCode), form fields by the record's (sub-table fields as `table-field`). Pure
 * functions over plain JSON, so the permission plugin stays a thin hook.
 */

/** The codes of a page the caller was not granted. */
export function ungranted(all: ReadonlySet<string>, held: ReadonlySet<string>): Set<string> {
  return new Set([...all].filter((code) => !held.has(code)));
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A list answer `{list}` (rows, tree children included) loses the ungranted columns; `id` always stays. */
export function stripColumns(data: unknown, hidden: ReadonlySet<string>): void {
  if (!isRecord(data) || !Array.isArray(data.list)) return;
  const strip = (rows: unknown[]) => {
    for (const row of rows) {
      if (!isRecord(row)) continue;
      for (const code of hidden) if (code !== 'id') delete row[code];
      if (Array.isArray(row.children)) strip(row.children);
    }
  };
  strip(data.list);
}

/** Splits `table-field` into its sub-table and field; a plain field has no table. */
function address(code: string): { table?: string; field: string } {
  const dash = code.indexOf('-');
  return dash > 0 ? { table: code.slice(0, dash), field: code.slice(dash + 1) } : { field: code };
}

/** A record answer loses the ungranted form fields, sub-table cells included; `id` always stays. */
export function stripFormFields(data: unknown, hidden: ReadonlySet<string>): void {
  if (!isRecord(data)) return;
  for (const code of hidden) {
    const { table, field } = address(code);
    if (!table) {
      if (field !== 'id') delete data[field];
      continue;
    }
    const rows = data[table];
    if (Array.isArray(rows)) for (const row of rows) if (isRecord(row)) delete row[field];
  }
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The ungranted fields a write body sets. A field the caller may not set but sends empty (a client's blank form
 * carries every key) is taken out of the body instead, so it can neither set nor clear the stored value: the
 * handler sees it absent.
 */
export function refusedFormFields(body: unknown, hidden: ReadonlySet<string>): string[] {
  if (!isRecord(body)) return [];
  const refused: string[] = [];
  for (const code of hidden) {
    const { table, field } = address(code);
    if (!table) {
      if (!Object.hasOwn(body, field)) continue;
      if (isEmpty(body[field])) delete body[field];
      else refused.push(code);
      continue;
    }
    const rows = body[table];
    if (!Array.isArray(rows)) continue;
    for (const row of rows) {
      if (!isRecord(row) || !Object.hasOwn(row, field)) continue;
      if (isEmpty(row[field])) delete row[field];
      else if (!refused.includes(code)) refused.push(code);
    }
  }
  return refused;
}
