/**
 * The menu tree is put together from the modules: each module lists the menu entries of its own pages in its
 * `menus.json` (ServerModule.menus), and names the directory an entry goes under by that directory's enCode
 * (`parent`), whichever module declares it. The demo seed (the permission module) writes the tree this composes.
 *
 * An entry (spec 000 §2): type 0 catalog, 1 directory, 2 page, 3 form, 4 dictionary, 5 report, 6 big screen,
 * 7 external link, 8 portal. urlAddress values are JNPF web clients' view paths (system/log,
 * systemData/dictionary), so those clients open the same pages; none is a fixed route (/dashboard is the portal
 * display, so the portal menu is a type-8 portal entry). buttons (true: btn_add, btn_edit, btn_remove, btn_export;
 * or a list of codes), columns and forms (codes, or {enCode, fullName}) list the permission codes of a page; roles
 * names the roles (by enCode, fixtures/organize/organisation.json) that may open it and receive all its codes;
 * roleButtons narrows a role's buttons; schemes are the page's data schemes (kind all, organize, organizeAndSub,
 * own or custom with conditionJson) and the roles granted each. The administrator opens everything.
 */
export type MenuCode = string | { enCode: string; fullName: string };

export interface MenuScheme {
  enCode: string;
  fullName: string;
  kind: string;
  conditionJson?: unknown[];
  matchLogic?: string;
  roles?: string[];
}

export interface MenuItem {
  enCode: string;
  fullName: string;
  type: number;
  icon?: string;
  urlAddress?: string;
  linkTarget?: string;
  propertyJson?: Record<string, unknown>;
  buttons?: boolean | string[];
  columns?: MenuCode[];
  forms?: MenuCode[];
  schemes?: MenuScheme[];
  roles?: string[];
  roleButtons?: Record<string, string[]>;
  /** Its place among its siblings, whichever modules they come from (base_module.sort_code). */
  sortCode: number;
  children?: MenuItem[];
}

/** What a module's menus.json lists: an entry with its place, and possibly its own pages nested under it. */
export interface MenuEntry extends Omit<MenuItem, 'children'> {
  /** The enCode of the directory it goes under, when another module declares it; none for a top-level entry. */
  parent?: string;
  children?: MenuEntry[];
}

/** The tree of the given modules' entries, siblings in sortCode order; throws on a duplicate code or place, a missing parent, or a circle of parents. */
export function composeMenus(modules: ReadonlyArray<{ name: string; menus?: readonly MenuEntry[] }>): MenuItem[] {
  const flat: Array<{ entry: MenuEntry; parent: string | undefined; module: string }> = [];
  const visit = (entries: readonly MenuEntry[], parent: string | undefined, module: string) => {
    for (const entry of entries) {
      flat.push({ entry, parent: entry.parent ?? parent, module });
      if (entry.children) visit(entry.children, entry.enCode, module);
    }
  };
  for (const module of modules) visit(module.menus ?? [], undefined, module.name);

  const owner = new Map<string, string>();
  for (const { entry, module } of flat) {
    const first = owner.get(entry.enCode);
    if (first) throw new Error(`menu ${entry.enCode} is declared by both ${first} and ${module}`);
    owner.set(entry.enCode, module);
  }
  const childrenOf = new Map<string | undefined, Array<{ entry: MenuEntry }>>();
  for (const item of flat) {
    if (item.parent !== undefined && !owner.has(item.parent)) throw new Error(`menu ${item.entry.enCode} (${item.module}) goes under ${item.parent}, which no module serving declares`);
    childrenOf.set(item.parent, [...(childrenOf.get(item.parent) ?? []), item]);
  }
  const build = (parent: string | undefined): MenuItem[] => {
    const siblings = (childrenOf.get(parent) ?? []).sort((a, b) => a.entry.sortCode - b.entry.sortCode);
    // Two siblings in one place would leave their order to the order modules are listed in.
    const tie = siblings.find((item, i) => i > 0 && item.entry.sortCode === siblings[i - 1].entry.sortCode);
    if (tie) throw new Error(`menu ${tie.entry.enCode} has the sortCode ${tie.entry.sortCode} of a sibling under ${parent ?? 'the top level'}`);
    return siblings.map(({ entry }) => {
      const { parent: _parent, children: _children, ...item } = entry;
      const children = build(entry.enCode);
      return children.length || entry.type === 1 ? { ...item, children } : item;
    });
  };
  const tree = build(undefined);
  // An entry under itself, or in a circle of parents, is reached from no top-level entry.
  const placed = new Set<string>();
  const mark = (items: readonly MenuItem[]): void => {
    for (const item of items) {
      placed.add(item.enCode);
      mark(item.children ?? []);
    }
  };
  mark(tree);
  const stranded = flat.find(({ entry }) => !placed.has(entry.enCode));
  if (stranded) throw new Error(`menu ${stranded.entry.enCode} (${stranded.module}) is under itself, through ${stranded.parent}`);
  return tree;
}
