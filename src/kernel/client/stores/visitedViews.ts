import { proxy } from 'valtio';
import { addView, closeAllViews, closeOtherViews, closeView, type VisitedView } from '../../../shared/shell/visitedViews.js';

/**
 * The tabs bar's state and the page cache's keys. Home is affixed (spec 000 §2) and never closes. A path that
 * leaves the tabs also leaves the page cache, so reopening it starts fresh.
 */
export const HOME_VIEW: VisitedView = { path: '/home', title: '', titleKey: 'nav.home', icon: 'HomeOutlined', affix: true };

export const visitedViews = proxy({ views: [HOME_VIEW] as VisitedView[] });

/**
 * Paths whose cached page must be mounted afresh. Not reactive on purpose: every eviction is followed by a
 * navigation, and the page cache takes them on that render.
 */
const evicted = new Set<string>();

export const visit = (view: VisitedView) => {
  visitedViews.views = addView(visitedViews.views, view);
};

const evict = (paths: string[]) => paths.forEach((path) => evicted.add(path));

export function closeTab(path: string): void {
  const before = visitedViews.views;
  visitedViews.views = closeView(before, path);
  evict(before.filter((v) => !visitedViews.views.includes(v)).map((v) => v.path));
}

export function closeOtherTabs(path: string): void {
  const before = visitedViews.views;
  visitedViews.views = closeOtherViews(before, path);
  evict(before.filter((v) => !visitedViews.views.includes(v)).map((v) => v.path));
}

export function closeAllTabs(): void {
  const before = visitedViews.views;
  visitedViews.views = closeAllViews(before);
  evict(before.filter((v) => !visitedViews.views.includes(v)).map((v) => v.path));
}

/** Refreshing a tab drops its cached page; the /redirect route then mounts it again. */
export const refreshTab = (path: string) => evict([path]);

export function takeEvicted(): string[] {
  const paths = [...evicted];
  evicted.clear();
  return paths;
}

/** Session reset closes all tabs (spec 000 §4). */
export function resetVisitedViews(): void {
  visitedViews.views = [HOME_VIEW];
  evicted.clear();
}
