/** Builds JNPF trees ({..., children, hasChildren}) from flat rows with id and parentId. */
export interface TreeNode {
  id: string;
  parentId: string;
  children: TreeNode[];
  hasChildren: boolean;
  [field: string]: unknown;
}

export function buildTree<T extends { id: string; parentId: string }>(rows: T[], rootParentIds: ReadonlySet<string>): (T & { children: TreeNode[]; hasChildren: boolean })[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as TreeNode[], hasChildren: false }]));
  const roots: (T & { children: TreeNode[]; hasChildren: boolean })[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && !rootParentIds.has(node.parentId)) {
      parent.children.push(node as unknown as TreeNode);
      parent.hasChildren = true;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** The ids of a node and everything under it. */
export function descendantIds(rows: { id: string; parentId: string }[], id: string): Set<string> {
  const result = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (result.has(row.parentId) && !result.has(row.id)) {
        result.add(row.id);
        grew = true;
      }
    }
  }
  return result;
}

/**
 * Keeps the rows a predicate matches and every ancestor of them, so a filtered tree still reaches each match
 * from its root (a keyword search in a tree).
 */
export function keepMatchesWithAncestors<T extends { id: string; parentId: string }>(rows: T[], matches: (row: T) => boolean): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const keep = new Set<string>();
  for (const row of rows) {
    if (!matches(row)) continue;
    let current: T | undefined = row;
    while (current && !keep.has(current.id)) {
      keep.add(current.id);
      current = byId.get(current.parentId);
    }
  }
  return rows.filter((row) => keep.has(row.id));
}

/** Whether making `parentId` the parent of `id` would close a loop (a node under itself). */
export function wouldLoop(rows: { id: string; parentId: string }[], id: string, parentId: string): boolean {
  return descendantIds(rows, id).has(parentId);
}
