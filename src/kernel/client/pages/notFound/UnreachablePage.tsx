import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/usePageTitle.js';
import { workspaceExtensions } from '../../workspaceExtensions.js';

/**
 * A path no menu item of this user has. A page the product ships (the modules' menus) says the user may not open
 * it, with the way home, so a bookmark or a colleague's link explains itself; any other path goes to /404 (spec 000
 * §2). The app gives the shipped paths (workspaceExtensions.loadShippedPagePaths); without them every such path is
 * not found.
 */
export function UnreachablePage({ path }: { path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [shipped, setShipped] = useState<boolean | undefined>(workspaceExtensions.loadShippedPagePaths ? undefined : false);
  useEffect(() => {
    const load = workspaceExtensions.loadShippedPagePaths;
    if (!load) return;
    let cancelled = false;
    load().then(
      (paths) => !cancelled && setShipped(paths.has(path)),
      () => !cancelled && setShipped(false),
    );
    return () => {
      cancelled = true;
    };
  }, [path]);
  usePageTitle(shipped ? '403' : undefined);

  if (shipped === undefined) return <div className="lc-page-loading-inline"><Spin /></div>;
  if (!shipped) return <Navigate to="/404" replace />;
  return (
    <div data-testid="no-permission">
      <Result status="403" title="403" subTitle={t('notFound.noPermission')} extra={<Button type="primary" onClick={() => navigate('/home')}>{t('notFound.back')}</Button>} />
    </div>
  );
}
