/**
 * The tabs bar's visited pages (spec 000 §4): adding is ignored when the path is there; closing one, the others
 * or all keeps the affixed views. Pure functions over a list, so the store and the tests share them.
 */
export interface VisitedView {
  /** The path with its query: the tab's identity. */
  path: string;
  /** A menu item's name as the server gave it... */
  title: string;
  /** ...or, for the fixed routes, a translation key, so the tab follows the language. */
  titleKey?: string;
  icon?: string | null;
  affix?: boolean;
}

export function addView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  if (views.some((v) => v.path === view.path)) return views.map((v) => (v.path === view.path && (v.title !== view.title || v.titleKey !== view.titleKey) ? { ...v, title: view.title, titleKey: view.titleKey } : v));
  return [...views, view];
}

export function closeView(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.affix || v.path !== path);
}

export function closeOtherViews(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((v) => v.affix || v.path === path);
}

export function closeAllViews(views: readonly VisitedView[]): VisitedView[] {
  return views.filter((v) => v.affix);
}

/** Where to go when the active tab closes: its right neighbour, else its left, else home. */
export function neighbourAfterClose(views: readonly VisitedView[], path: string, fallback = '/home'): string {
  const index = views.findIndex((v) => v.path === path);
  const rest = closeView(views, path);
  if (rest.length === 0) return fallback;
  return (rest[Math.min(Math.max(index, 0), rest.length - 1)] ?? rest[rest.length - 1]).path;
}
