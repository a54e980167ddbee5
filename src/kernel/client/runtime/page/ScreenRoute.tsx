import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { findMenuItemByPath, menuTarget, MenuType } from '../../../../shared/shell/menuTarget.js';
import type { MenuItem } from '../../../../shared/sessionInfo.js';
import { session } from '../../stores/session.js';
import { linkContext } from '../../stores/linkContext.js';
import './builtIns.js';
import { workspaceExtensions } from '../../workspaceExtensions.js';
import { ScreenView } from './ScreenView.js';
import { UnreachablePage } from '../../pages/notFound/UnreachablePage.js';


/**
 * The menu's dynamic routes (spec 000 §2). A page (type 2) reaches its screen through its urlAddress:
 * /systemData/dictionary opens schemas/dictionary/systemData/dictionary.json with the menu item as the permission
 * model. A form (type 3) carries the id of a released online-development design (propertyJson.moduleId) and
 * opens that design's list (DynamicModelPage); the other dynamic models (dictionary 4, report 5, portal 8) are
 * not built yet, and the page says so. A path no menu item of this user has says 403 when the product ships
 * such a page, and goes to /404 when not (UnreachablePage): a typed administration path shows a staff user no data.
 */
export function ScreenRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const { menuList } = useSnapshot(session);
  const item = findMenuItemByPath(menuList as MenuItem[], location.pathname, linkContext());
  if (!item) return <UnreachablePage key={location.pathname} path={location.pathname} />;
  const target = menuTarget(item, linkContext());
  if (item.type === MenuType.page && target.kind === 'route') return <ScreenView key={item.id} name={target.path.slice(1)} modelId={item.id} />;
  // Online development's page, which the app gives (workspaceExtensions.onlineFormPage) and loads when first opened.
  const OnlineFormPage = workspaceExtensions.onlineFormPage;
  if (item.type === MenuType.dynamicForm && target.kind === 'route' && target.moduleId !== undefined && OnlineFormPage) {
    return (
      <Suspense fallback={<div className="lc-page-loading-inline"><Spin /></div>}>
        <OnlineFormPage key={item.id} menuId={item.id} moduleId={target.moduleId} title={item.fullName} />
      </Suspense>
    );
  }
  if (target.kind === 'route' && target.moduleId !== undefined) {
    return (
      <div data-testid="dynamic-model">
        <Result status="info" title={t('pending.dynamicModel')} subTitle={t('pending.dynamicModelDetail', { name: item.fullName, moduleId: target.moduleId, isTree: target.isTree })} />
      </div>
    );
  }
  return <Result status="info" title={t('page.notAvailable')} subTitle={item.fullName} />;
}
