import { createBrowserRouter, Navigate } from 'react-router-dom';
import { HomePage } from '../pages/home/HomePage.js';
import { LoginPage } from '../pages/login/LoginPage.js';
import { NotFoundPage } from '../pages/notFound/NotFoundPage.js';
import { RequireSession } from './RequireSession.js';

/** The static routes of this release (spec 000 §2); the menu's dynamic routes arrive with the app shell. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <Navigate to="/home" replace /> },
  { path: '/home', element: <RequireSession><HomePage /></RequireSession> },
  {
    path: '/previewModel',
    // The form runtime (Formily, the widgets, the editor) loads only where a form is shown.
    lazy: async () => {
      const { PreviewModelPage } = await import('../pages/previewModel/PreviewModelPage.js');
      return { element: <RequireSession><PreviewModelPage /></RequireSession> };
    },
  },
  { path: '/404', element: <NotFoundPage /> },
  { path: '*', element: <Navigate to="/404" replace /> },
]);
