import { Navigate, useRouteError } from 'react-router-dom';

/**
 * A navigation that fails goes to /404 (spec 000 §2). The error is logged for the developer; the user is not
 * shown a stack trace.
 */
export function FailedNavigation() {
  const error = useRouteError();
  console.error('navigation failed', error);
  return <Navigate to="/404" replace />;
}
