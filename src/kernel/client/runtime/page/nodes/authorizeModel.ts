/**
 * The pure part of the authorize node: the permission kinds in JNPF's order, the trees the server answers, and
 * what is saved. A kind's tree depends on the menus chosen (buttons, columns, forms and data schemes hang under
 * their menu), so those kinds are asked for with the chosen menu ids.
 */
export const AUTHORIZE_KINDS = ['system', 'module', 'button', 'column', 'form', 'resource'] as const;
export type AuthorizeKind = (typeof AUTHORIZE_KINDS)[number];
export type AuthorizeObjectType = 'Role' | 'Position' | 'User' | 'Group';

export interface AuthorizeTreeNode {
  id: string;
  fullName: string;
  icon?: string;
  parentId?: string;
  children?: AuthorizeTreeNode[];
}

/** POST /permission/Authority/Data/{objectId}/Values answers the kind's tree, the ids granted, and every id. */
export interface AuthorizeValues {
  list: AuthorizeTreeNode[];
  ids: string[];
  all: string[];
}

/** The body of PUT /permission/Authority/Data/{objectId}: JNPF's field names (the app kind is systemIds). */
export interface AuthorizeSave {
  objectType: AuthorizeObjectType;
  systemIds: string[];
  module: string[];
  button: string[];
  column: string[];
  form: string[];
  resource: string[];
}

/** Kinds whose tree is read under the chosen menus. */
export const dependsOnMenus = (kind: AuthorizeKind) => kind !== 'system' && kind !== 'module';

export function allIds(nodes: readonly AuthorizeTreeNode[]): string[] {
  return nodes.flatMap((node) => [node.id, ...allIds(node.children ?? [])]);
}

/** The chosen ids and every node above a chosen one (antd's checked and half-checked keys together). */
export function withAncestors(nodes: readonly AuthorizeTreeNode[], chosen: ReadonlySet<string>): string[] {
  const result = new Set<string>();
  const visit = (node: AuthorizeTreeNode): boolean => {
    let any = chosen.has(node.id);
    for (const child of node.children ?? []) if (visit(child)) any = true;
    if (any) result.add(node.id);
    return any;
  };
  nodes.forEach(visit);
  return [...result];
}

/**
 * What a kind's tree shows as chosen: the user's choice where they made one (kept to ids the tree still has,
 * since the menus under it may have changed), otherwise what the server says is granted. Only leaves are given
 * to the tree (its parents follow from them), so a parent granted alone does not tick every child.
 */
export function checkedLeaves(values: AuthorizeValues, choice: readonly string[] | undefined): string[] {
  const present = new Set(allIds(values.list));
  const leaves = new Set<string>();
  const collect = (nodes: readonly AuthorizeTreeNode[]) => nodes.forEach((node) => (node.children?.length ? collect(node.children) : leaves.add(node.id)));
  collect(values.list);
  const source = choice ?? values.ids;
  return source.filter((id) => present.has(id) && leaves.has(id));
}

/** The save body: each kind's chosen ids with the menus/apps above them (JNPF saves checked and half-checked). */
export function saveBody(objectType: AuthorizeObjectType, trees: Record<AuthorizeKind, AuthorizeTreeNode[]>, chosen: Record<AuthorizeKind, string[]>): AuthorizeSave {
  const ids = (kind: AuthorizeKind) => withAncestors(trees[kind], new Set(chosen[kind]));
  return { objectType, systemIds: ids('system'), module: ids('module'), button: ids('button'), column: ids('column'), form: ids('form'), resource: ids('resource') };
}
