import { useRef, type ReactNode } from 'react';
import { NavigationType, useLocation, useOutlet, UNSAFE_LocationContext as LocationContext, type Location } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { settings } from '../../stores/settings.js';
import { takeEvicted, visitedViews } from '../../stores/visitedViews.js';

interface CachedPage {
  location: Location;
  element: ReactNode;
}

/**
 * The page cache (settings switch "page cache"): a visited page stays mounted, hidden, while its tab is open, so
 * its search, paging and half-filled form are there when the user comes back. Each cached page keeps seeing the
 * location it was opened at, or a hidden list page would react to the visible page's URL. Closing or refreshing
 * a tab evicts its page; with the switch off, only the current page is mounted.
 */
export function PageCache() {
  const location = useLocation();
  const outlet = useOutlet();
  const { useCache } = useSnapshot(settings);
  const { views } = useSnapshot(visitedViews);
  const cache = useRef(new Map<string, CachedPage>());
  const key = location.pathname + location.search;

  // Evictions and closed tabs leave the cache before this render reads it.
  for (const path of takeEvicted()) cache.current.delete(path);
  const open = new Set(views.map((v) => v.path));
  for (const path of cache.current.keys()) if (path !== key && !open.has(path)) cache.current.delete(path);

  if (!useCache) cache.current.clear();
  if (!cache.current.has(key) || !useCache) cache.current.set(key, { location, element: outlet });

  const pages = useCache ? [...cache.current.entries()] : [[key, cache.current.get(key)!] as const];
  return (
    <>
      {pages.map(([path, page]) => (
        <div key={path} className="lc-cached-page" hidden={path !== key} data-page-path={path}>
          <LocationContext.Provider value={{ location: path === key ? location : page.location, navigationType: NavigationType.Pop }}>
            {page.element}
          </LocationContext.Provider>
        </div>
      ))}
    </>
  );
}
