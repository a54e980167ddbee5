import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/home/HomePage.js';
import { RedirectPage } from '../pages/redirect/RedirectPage.js';
import { FailedNavigation } from './FailedNavigation.js';
import { RequireSession } from './RequireSession.js';
import { WorkspaceLayout } from './shell/WorkspaceLayout.js';
import type { FixedPage } from './fixedPages.js';
import { formDesignerSandboxRoute } from '../../../modules/visualdev/client/formDesigner/sandboxRoute.js';

/**
 * Pages that load only when opened: the form runtime and the profile bring code the rest does not need, and the
 * sign-in, SSO and lock-screen pages are never part of a signed-in member's route (issue 15: the staff route's
 * first JavaScript).
 */
const lazyPage = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({ lazy: load });

/** A fixed page from the one lazy module that holds them all (fixedPages.tsx). */
const fixedPage = (name: FixedPage): Pick<RouteObject, 'lazy'> => lazyPage(async () => ({ Component: await (await import('./fixedPages.js')).fixedPages[name]() }));

/**
 * The routes of spec 000 §2: static public routes, the fixed routes under the workspace, and a catch-all that
 * resolves the menu's dynamic routes (ScreenRoute). A navigation that fails (a chunk that does not load, a page
 * that throws while loading) goes to /404.
 */
export const routes: RouteObject[] = [
  { path: '/login', ...lazyPage(async () => ({ Component: (await import('../../../modules/oauth/client/login/LoginPage.js')).LoginPage })) },
  { path: '/sso', ...lazyPage(async () => ({ Component: (await import('../../../modules/oauth/client/login/SsoPage.js')).SsoPage })) },
  // The spec's authentication redirect lands back on the SSO page, which finishes the sign-in.
  { path: '/auth-redirect', ...lazyPage(async () => ({ Component: (await import('../../../modules/oauth/client/login/SsoPage.js')).SsoPage })) },
  { path: '/formShortLink', ...fixedPage('formShortLink') },
  { path: '/', element: <Navigate to="/home" replace /> },
  { path: '/404', ...fixedPage('notFound') },
  { path: '/lockScreen', ...fixedPage('lockScreen') },
  {
    element: <RequireSession><WorkspaceLayout /></RequireSession>,
    errorElement: <FailedNavigation />,
    children: [
      { path: '/home', element: <HomePage /> },
      { path: '/redirect/*', element: <RedirectPage /> },
      { path: '/externalLink', ...fixedPage('externalLink') },
      { path: '/workFlowDetail', ...fixedPage('workFlowDetail') },
      { path: '/previewModel', ...fixedPage('previewModel') },
      { path: '/messageRecord', ...fixedPage('messageRecord') },
      { path: '/profile', ...fixedPage('profile') },
      { path: '/dashboard', ...fixedPage('dashboard') },
      { path: '/emailDetail', ...fixedPage('emailDetail') },
      // The form designer without a design record (its e2e test, trying a widget); the design screens host the real one.
      formDesignerSandboxRoute,
      // The spec's order link (/orderDetail?prStr=<order id>): the mall's order-detail screen, with the domains it names.
      { path: '/orderDetail', ...fixedPage('orderDetail') },
      // Every other path is a menu route: its screen or dynamic model, or /404 when no menu item of this user has it.
      { path: '*', ...lazyPage(async () => ({ Component: (await import('../runtime/page/ScreenRoute.js')).ScreenRoute })) },
    ],
  },
];

export const router = createBrowserRouter(routes);
