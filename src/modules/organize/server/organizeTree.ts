import type { Selectable } from 'kysely';
import type { OrganizeTable } from './tables.js';
import { TREE_TOP_NODE_ID } from '../../../shared/constants.js';

/**
 * The organisation tree as JNPF's clients read it, built from the flat rows. Every node knows its path from the
 * top company (organize_id_tree), so "this node and below" is a look at the path, never a recursive query.
 */
export type OrganizeRow = Selectable<OrganizeTable>;

/** JNPF's icons of tree nodes, which its clients show as they are. */
export const ICONS = {
  company: 'icon-ym icon-ym-tree-organization3',
  department: 'icon-ym icon-ym-tree-department1',
  position: 'icon-ym icon-ym-tree-position1',
  group: 'icon-ym icon-ym-generator-group1',
} as const;

export const ORGANIZE_CATEGORIES = ['company', 'department'] as const;
export type OrganizeCategory = (typeof ORGANIZE_CATEGORIES)[number];

/** The top of the tree: JNPF clients send -1, 0 or nothing for "no parent". */
export const isTopParent = (parentId: unknown): boolean =>
  parentId === undefined || parentId === null || parentId === '' || parentId === TREE_TOP_NODE_ID || parentId === '0' || parentId === 0 || parentId === -1;

/** The ids from the top company down to the node, the node last. */
export const pathIds = (row: Pick<OrganizeRow, 'organize_id_tree' | 'id'>): string[] => {
  const ids = row.organize_id_tree.split(',').filter(Boolean);
  return ids.length > 0 ? ids : [row.id];
};

/** The node's path as text, "公司/部门/组". */
export function pathText(row: Pick<OrganizeRow, 'organize_id_tree' | 'id'>, byId: ReadonlyMap<string, Pick<OrganizeRow, 'full_name'>>): string {
  return pathIds(row)
    .map((id) => byId.get(id)?.full_name)
    .filter((name): name is string => Boolean(name))
    .join('/');
}

/** Whether `row` is `ancestorId` or lies below it. */
export const isWithin = (row: Pick<OrganizeRow, 'organize_id_tree' | 'id'>, ancestorId: string): boolean => pathIds(row).includes(ancestorId);

/** Rows in the order trees show them: by sort code, then name. */
export const byTreeOrder = (a: OrganizeRow, b: OrganizeRow): number =>
  a.sort_code - b.sort_code || a.full_name.localeCompare(b.full_name, 'zh') || a.id.localeCompare(b.id);

export interface TreeShaped {
  id: string;
  parentId: string;
  children?: TreeShaped[];
  hasChildren?: boolean;
  isLeaf?: boolean;
}

/**
 * Nests nodes under their parents; a node whose parent is not among them becomes a root (a filtered or scoped
 * tree still shows what it holds). Keeps the order the nodes come in.
 */
export function nest<T extends TreeShaped>(nodes: T[]): (T & { children: T[]; hasChildren: boolean; isLeaf: boolean })[] {
  type Nested = T & { children: T[]; hasChildren: boolean; isLeaf: boolean };
  const byId = new Map<string, Nested>();
  for (const node of nodes) byId.set(node.id, { ...node, children: [], hasChildren: false, isLeaf: true } as Nested);
  const roots: Nested[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId !== node.id ? byId.get(node.parentId) : undefined;
    if (parent) {
      parent.children.push(node);
      parent.hasChildren = true;
      parent.isLeaf = false;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** The rows that are `id` or lie below it, removed: a node cannot be its own parent in a parent picker. */
export const withoutSubtree = (rows: OrganizeRow[], id: string | undefined): OrganizeRow[] =>
  id && id !== '0' && id !== TREE_TOP_NODE_ID ? rows.filter((row) => !isWithin(row, id)) : rows;

/**
 * The rows a caller may pick from: those at or below one of `ownIds`, plus their ancestors marked as not
 * selectable, so the tree stays connected from the top company down to what the caller may see.
 */
export function authorisedRows(rows: OrganizeRow[], ownIds: ReadonlySet<string>): { row: OrganizeRow; selectable: boolean }[] {
  const selectable = new Set(rows.filter((row) => pathIds(row).some((id) => ownIds.has(id))).map((row) => row.id));
  const shown = new Set(selectable);
  for (const row of rows) if (selectable.has(row.id)) for (const id of pathIds(row)) shown.add(id);
  return rows.filter((row) => shown.has(row.id)).map((row) => ({ row, selectable: selectable.has(row.id) }));
}
