import type { PickerNode } from '../services.js';

/**
 * The pickers' pure rules (spec 001 §4): how a pick joins the selection, and how stored values read. Kept apart
 * from the components so each rule is tested on its own.
 */

/** Single mode replaces, multi mode appends, a second pick of the same entry is ignored. */
export function addPicked<T>(selected: T[], item: T, multiple: boolean, keyOf: (item: T) => string): T[] {
  if (selected.some((entry) => keyOf(entry) === keyOf(item))) return selected;
  return multiple ? [...selected, item] : [item];
}

/** Every node of a tree, parents before children. */
export function flattenTree(nodes: PickerNode[] | undefined): PickerNode[] {
  const out: PickerNode[] = [];
  const walk = (list: PickerNode[] | undefined) => {
    for (const node of list ?? []) {
      out.push(node);
      walk(node.children);
    }
  };
  walk(nodes);
  return out;
}

/** The nodes a predicate keeps, with the ancestors that lead to them. */
export function keepNodes(nodes: PickerNode[], keep: (node: PickerNode) => boolean): PickerNode[] {
  return nodes.flatMap((node) => {
    if (keep(node)) return [node];
    const children = keepNodes(node.children ?? [], keep);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** The nodes whose name holds the keyword, with the ancestors that lead to them (the tree's search). */
export function filterTree(nodes: PickerNode[], keyword: string): PickerNode[] {
  const word = keyword.trim().toLowerCase();
  return word ? keepNodes(nodes, (node) => node.fullName.toLowerCase().includes(word)) : nodes;
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string' || typeof id === 'number');

/**
 * Stored ids of the one-id pickers (department, position, role, group, user): a string in single mode, a list in
 * multi mode. Either is read in either mode, so a field switched between modes still shows what it holds.
 */
export function storedIds(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.filter((id) => id !== null && id !== undefined && id !== '').map(String);
  // JNPF's record calls answer memberships comma-joined (a user's positionId "p1,p2").
  return String(value).split(',').map((id) => id.trim()).filter(Boolean);
}

/** What a one-id picker emits: the id (or '' when cleared) in single mode, the list in multi mode, as JNPF does. */
export function emitIds(ids: string[], multiple: boolean): string | string[] {
  return multiple ? ids : ids[0] ?? '';
}

/**
 * Stored paths of the path pickers (organisation, region): JNPF stores one path of ids in single mode and a list
 * of paths in multi mode. Older records hold bare ids; each reads as a path of itself.
 */
export function storedPaths(value: unknown): string[][] {
  if (value === null || value === undefined || value === '') return [];
  if (!Array.isArray(value)) return [[String(value)]];
  if (value.length === 0) return [];
  if (value.every((item) => Array.isArray(item))) return (value as unknown[][]).filter(isIdList).filter((path) => path.length > 0).map((path) => path.map(String));
  if (isIdList(value)) return [value.map(String)];
  return [];
}

/**
 * Reads multi-mode bare ids (an older record, or JNPF's comma-joined organizeId "a,b") as one path per id rather
 * than one long path.
 */
export function storedPathsOf(value: unknown, multiple: boolean): string[][] {
  const bareIds = typeof value === 'string' || (Array.isArray(value) && value.length > 0 && value.every((item) => !Array.isArray(item)));
  if (multiple && bareIds) return storedIds(value).map((id) => [id]);
  return storedPaths(value);
}

export function emitPaths(paths: string[][], multiple: boolean): string[] | string[][] {
  return multiple ? paths : paths[0] ?? [];
}

export const pathKey = (path: string[]) => path.join(',');

/** The 200 px rule of spec 001 §9: the next page loads when the list is scrolled that close to its end. */
export const NEXT_PAGE_DISTANCE = 200;
export function nearBottom(element: { scrollHeight: number; clientHeight: number; scrollTop: number }): boolean {
  return element.scrollHeight - element.clientHeight - element.scrollTop <= NEXT_PAGE_DISTANCE;
}

export const PICKER_PAGE_SIZE = 20;
