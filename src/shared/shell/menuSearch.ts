import Fuse from 'fuse.js';
import type { MenuItem } from '../sessionInfo.js';
import { openableEntries } from './menuTarget.js';

/** One searchable menu entry: what the user sees (title, with its groups) and where it leads. */
export interface MenuSearchEntry {
  title: string;
  path: string;
  trail: string[];
  item: MenuItem;
}

/** Spec 000 §2: fuzzy search over visible titles and paths, title 0.7, path 0.3, threshold 0.4. */
export const MENU_SEARCH_OPTIONS = {
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
  threshold: 0.4,
};

export function createMenuSearch(menu: readonly MenuItem[]) {
  const entries: MenuSearchEntry[] = openableEntries(menu).map(({ item, trail }) => ({ title: item.fullName, path: item.path, trail, item }));
  const fuse = new Fuse(entries, MENU_SEARCH_OPTIONS);
  return (query: string, limit = 10): MenuSearchEntry[] => {
    const text = query.trim();
    if (!text) return [];
    return fuse.search(text, { limit }).map((result) => result.item);
  };
}
