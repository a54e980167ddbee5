import { createBrowserRouter, Navigate } from 'react-router-dom';
import { HomePage } from '../pages/home/HomePage.js';
import { LoginPage } from '../pages/login/LoginPage.js';
import { NotFoundPage } from '../pages/notFound/NotFoundPage.js';
import { LockScreenPage } from '../pages/lockScreen/LockScreenPage.js';
import { RequireSession } from './RequireSession.js';
import { WorkspaceLayout } from './WorkspaceLayout.js';

/** The static routes of this release (spec 000 §2); the menu's dynamic routes arrive with the app shell. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <Navigate to="/home" replace /> },
  { path: '/404', element: <NotFoundPage /> },
  { path: '/lockScreen', element: <LockScreenPage /> },
  {
    element: <RequireSession><WorkspaceLayout /></RequireSession>,
    children: [
      { path: '/home', element: <HomePage /> },
      {
        path: '/previewModel',
        // The form runtime (Formily, the widgets, the editor) loads only where a form is shown.
        lazy: async () => {
          const { PreviewModelPage } = await import('../pages/previewModel/PreviewModelPage.js');
          return { Component: PreviewModelPage };
        },
      },
      {
        // Every other path is a menu page: its screen, or /404 when no menu item of this user has it.
        path: '*',
        lazy: async () => {
          const { ScreenRoute } = await import('../runtime/page/ScreenRoute.js');
          return { Component: ScreenRoute };
        },
      },
    ],
  },
]);
