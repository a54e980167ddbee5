import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/home/HomePage.js';
import { LoginPage } from '../pages/login/LoginPage.js';
import { NotFoundPage } from '../pages/notFound/NotFoundPage.js';
import { LockScreenPage } from '../pages/lockScreen/LockScreenPage.js';
import { SsoPage } from '../pages/login/SsoPage.js';
import { ExternalLinkPage } from '../pages/externalLink/ExternalLinkPage.js';
import { RedirectPage } from '../pages/redirect/RedirectPage.js';
import { PendingFeaturePage } from '../pages/notFound/PendingFeaturePage.js';
import { FailedNavigation } from './FailedNavigation.js';
import { RequireSession } from './RequireSession.js';
import { WorkspaceLayout } from './shell/WorkspaceLayout.js';

/** Pages that load only when opened: the form runtime and the profile bring code the rest does not need. */
const lazyPage = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({ lazy: load });

/**
 * The routes of spec 000 §2: static public routes, the fixed routes under the workspace, and a catch-all that
 * resolves the menu's dynamic routes (ScreenRoute). A navigation that fails (a chunk that does not load, a page
 * that throws while loading) goes to /404.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/sso', element: <SsoPage /> },
  // The spec's authentication redirect lands back on the SSO page, which finishes the sign-in.
  { path: '/auth-redirect', element: <SsoPage /> },
  { path: '/formShortLink', element: <PendingFeaturePage feature="formShortLink" /> },
  { path: '/', element: <Navigate to="/home" replace /> },
  { path: '/404', element: <NotFoundPage /> },
  { path: '/lockScreen', element: <LockScreenPage /> },
  {
    element: <RequireSession><WorkspaceLayout /></RequireSession>,
    errorElement: <FailedNavigation />,
    children: [
      { path: '/home', element: <HomePage /> },
      { path: '/redirect/*', element: <RedirectPage /> },
      { path: '/externalLink', element: <ExternalLinkPage /> },
      { path: '/workFlowDetail', element: <PendingFeaturePage feature="workFlowDetail" /> },
      { path: '/previewModel', ...lazyPage(async () => ({ Component: (await import('../pages/previewModel/PreviewModelPage.js')).PreviewModelPage })) },
      { path: '/profile', ...lazyPage(async () => ({ Component: (await import('../pages/profile/ProfilePage.js')).ProfilePage })) },
      // Every other path is a menu route: its screen or dynamic model, or /404 when no menu item of this user has it.
      { path: '*', ...lazyPage(async () => ({ Component: (await import('../runtime/page/ScreenRoute.js')).ScreenRoute })) },
    ],
  },
];

export const router = createBrowserRouter(routes);
