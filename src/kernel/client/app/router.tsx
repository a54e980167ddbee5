import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RedirectPage } from '../pages/redirect/RedirectPage.js';
import { FailedNavigation } from './FailedNavigation.js';
import type { FixedPage } from './fixedPages.js';
import { screenModulesReady, workspaceExtensions } from '../workspaceExtensions.js';

/**
 * Pages that load only when opened: the form runtime and the profile bring code the rest does not need, the
 * sign-in, SSO and lock-screen pages are never part of a signed-in member's route (issue 15: the staff route's
 * first JavaScript), and the workspace's shell is no part of the sign-in page's (issue 34).
 */
const lazyPage = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({ lazy: load });

/** A fixed page from the one lazy module that holds them all (fixedPages.tsx). */
const fixedPage = (name: FixedPage): Pick<RouteObject, 'lazy'> => lazyPage(async () => ({ Component: await (await import('./fixedPages.js')).fixedPages[name]() }));

/**
 * The routes of spec 000 §2: static public routes, the fixed routes under the workspace, and a catch-all that
 * resolves the menu's dynamic routes (ScreenRoute). The modules' routes are the app's workspace extensions, read
 * when the router is made. A navigation that fails (a chunk that does not load, a page that throws while loading)
 * goes to /404.
 */
export function appRoutes(): RouteObject[] {
  return [
    ...workspaceExtensions.publicRoutes,
    { path: '/formShortLink', ...fixedPage('formShortLink') },
    { path: '/', element: <Navigate to="/home" replace /> },
    { path: '/404', ...fixedPage('notFound') },
    {
      ...lazyPage(async () => ({ Component: (await import('./shell/WorkspaceShell.js')).WorkspaceShell })),
      errorElement: <FailedNavigation />,
      children: [
        { path: '/home', ...lazyPage(async () => ({ Component: (await import('../pages/home/HomePage.js')).HomePage })) },
        // Not lazy: a tab's refresh evicts the page and goes through here, and while a chunk loaded the page cache
        // would render the old location once more and keep the page it should mount afresh.
        { path: '/redirect/*', element: <RedirectPage /> },
        { path: '/externalLink', ...fixedPage('externalLink') },
        ...workspaceExtensions.workspaceRoutes,
        // Every other path is a menu route: its screen or dynamic model, or /404 when no menu item of this user has it.
        {
          path: '*',
          ...lazyPage(async () => {
            const [{ ScreenRoute }] = await Promise.all([import('../runtime/page/ScreenRoute.js'), screenModulesReady()]);
            return { Component: ScreenRoute };
          }),
        },
      ],
    },
  ];
}

/** The app's router; made once the app has given the modules' extensions (src/app/client/main.tsx). */
export const createAppRouter = () => createBrowserRouter(appRoutes());
