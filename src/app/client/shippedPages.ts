interface MenuFileEntry {
  type?: number;
  urlAddress?: string;
  children?: MenuFileEntry[];
}

// Every module's menus.json, each its own small chunk, fetched only when a path no menu item of the user has is
// opened: a first page load carries none of them.
const menuFiles = import.meta.glob<{ menus: MenuFileEntry[] }>('../../modules/*/menus.json');

/**
 * The paths of the pages (menu type 2) the product ships, as the screen route reads a page's urlAddress
 * ('system/billRule' → '/system/billRule', its query left off). The chunks are the menus.json files as they are:
 * static assets of the app like its screens' code, holding the shipped menu tree with its button codes and the
 * demo roles it grants by default, none of it a secret. The server still refuses a screen and its calls to whoever
 * lacks the menu (decision 214).
 */
export async function shippedPagePaths(): Promise<ReadonlySet<string>> {
  const paths = new Set<string>();
  const visit = (entries: readonly MenuFileEntry[]) => {
    for (const entry of entries) {
      if (entry.type === 2 && entry.urlAddress && !/^[a-z]+:/i.test(entry.urlAddress)) paths.add(`/${entry.urlAddress.replace(/^\/+/, '').split('?')[0]}`);
      if (entry.children) visit(entry.children);
    }
  };
  for (const file of await Promise.all(Object.values(menuFiles).map((load) => load()))) visit(file.menus);
  return paths;
}
