import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { message, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { currentUser } from '../api/oauth.js';
import { RequestError } from '../api/createRequest.js';
import { resetSession, session, setSessionInfo, switchToken } from '../stores/session.js';

/**
 * The navigation guard of spec 000 §2 for workspace routes (the public routes never mount it):
 * - rule 5: /workFlowDetail with a token query that differs from the stored one stores it and loads again;
 * - rule 4: no token goes to /login with the wanted path;
 * - rule 3: a locked screen sends everything to /lockScreen;
 * - rule 6: the first navigation with a token loads the session (menu, permissions, routes); a failure resets the
 *   session, shows the message if it is ours, and goes to /login with the wanted path.
 * Rule 2 is the sign-in page's own, rule 7 (titles) the workspace's.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { token, userInfo, locked } = useSnapshot(session);
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const wanted = location.pathname + location.search;
  const foreignToken = location.pathname === '/workFlowDetail' ? new URLSearchParams(location.search).get('token') : null;
  const mustSwitch = Boolean(foreignToken && foreignToken !== token);

  useLayoutEffect(() => {
    if (!mustSwitch || !foreignToken) return;
    switchToken(foreignToken);
    // The token leaves the address bar (history, screenshots, a copied link) once it is stored.
    const rest = new URLSearchParams(location.search);
    rest.delete('token');
    const query = rest.toString();
    navigate(`${location.pathname}${query ? `?${query}` : ''}`, { replace: true });
  }, [mustSwitch, foreignToken, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (!token || userInfo || failed || mustSwitch) return;
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
  }, [token, userInfo, failed, navigate, t, wanted, mustSwitch]);

  if (mustSwitch) return <div className="lc-page-loading"><Spin /></div>;
  if (!token) return <Navigate to={`/login?redirect=${encodeURIComponent(wanted)}`} replace />;
  // A locked screen lets nothing through but itself and the sign-in page (spec 000 §2, rule 3).
  if (locked) return <Navigate to="/lockScreen" replace />;
  if (!userInfo) return <div className="lc-page-loading"><Spin /></div>;
  return <>{children}</>;
}
