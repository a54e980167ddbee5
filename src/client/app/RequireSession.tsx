import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { message, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { currentUser } from '../api/oauth.js';
import { RequestError } from '../api/createRequest.js';
import { resetSession, session, setSessionInfo } from '../stores/session.js';

/**
 * The part of the navigation guard this release needs (spec 000 §2, rules 4 and 6): no token goes to /login with
 * the wanted path; the first navigation with a token loads the session, and a failure resets it and goes to
 * /login. The full guard with dynamic routes is the app-shell issue.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { token, userInfo, locked } = useSnapshot(session);
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const wanted = location.pathname + location.search;

  useEffect(() => {
    if (!token || userInfo || failed) return;
    let cancelled = false;
    currentUser()
      .then(({ data }) => {
        if (cancelled) return;
        if (!data) throw new Error(t('login.emptySession'));
        if (data.menuList.length === 0) throw new Error(t('login.noMenu'));
        setSessionInfo(data);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // The request layer already showed server messages; show ours when the failure is ours.
        if (!(error instanceof RequestError) && error instanceof Error) void message.error(error.message);
        resetSession();
        setFailed(true);
        navigate(`/login?redirect=${encodeURIComponent(wanted)}`, { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [token, userInfo, failed, navigate, t, wanted]);

  if (!token) return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  // A locked screen lets nothing through but itself and the sign-in page (spec 000 §2, rule 3).
  if (locked) return <Navigate to="/lockScreen" replace />;
  if (!userInfo) return <div className="lc-page-loading"><Spin /></div>;
  return <>{children}</>;
}
