import { Navigate, useLocation } from 'react-router-dom';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session.js';
import './builtInBlocks.js';
import { ScreenView } from './ScreenView.js';

/**
 * A menu page (type 2) reaches its screen through its urlAddress: /systemData/dictionary opens
 * schemas/screens/systemData/dictionary.json with the menu item as the permission model. A path no menu item
 * of this user has goes to /404, so a typed administration path shows a staff user nothing.
 */
export function ScreenRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const { routerList } = useSnapshot(session);
  const item = routerList.find((route) => route.path === location.pathname);
  if (!item) return <Navigate to="/404" replace />;
  if (item.type !== 2 || !item.urlAddress) return <Result status="info" title={t('page.notAvailable')} subTitle={item.fullName} />;
  return <ScreenView key={item.id} name={item.urlAddress.split('?')[0]} modelId={item.id} />;
}
