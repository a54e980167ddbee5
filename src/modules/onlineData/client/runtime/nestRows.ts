import type { Row } from '../../../../kernel/client/runtime/page/list/rows.js';

/**
 * A tree list (type 5) whose rows name their parent in a field: rows nest under the row whose id their parent
 * field holds; a row whose parent is not on the page stays at the top, so nothing the server answered is hidden.
 * Rows the server already nested (children) are kept as they are.
 */
export function nestRows(rows: Row[], parentField: string, key = 'id'): Row[] {
  if (rows.some((row) => Array.isArray(row.children) && row.children.length)) return rows;
  const byId = new Map<string, Row>(rows.map((row) => [String(row[key]), { ...row }]));
  const top: Row[] = [];
  for (const row of byId.values()) {
    const parent = row[parentField];
    const holder = parent === undefined || parent === null || parent === '' ? undefined : byId.get(String(parent));
    if (holder && holder !== row && !isBelow(holder, row, byId, parentField)) (holder.children ??= []).push(row);
    else top.push(row);
  }
  return top;
}

/** Whether `candidate` sits below `row` already: a cycle in the data must not make rows vanish. */
function isBelow(candidate: Row, row: Row, byId: Map<string, Row>, parentField: string): boolean {
  const seen = new Set<Row>();
  let current: Row | undefined = candidate;
  while (current && !seen.has(current)) {
    if (current === row) return true;
    seen.add(current);
    const parent: unknown = current[parentField];
    current = parent === undefined || parent === null ? undefined : byId.get(String(parent));
  }
  return false;
}
