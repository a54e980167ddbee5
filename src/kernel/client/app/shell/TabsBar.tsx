import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { neighbourAfterClose } from '../../../../shared/shell/visitedViews.js';
import { closeAllTabs, closeOtherTabs, closeTab, refreshTab, visitedViews } from '../../stores/visitedViews.js';
import { settings } from '../../stores/settings.js';
import { MenuIcon } from './menuIcon.js';

/**
 * The tabs bar of visited pages (spec 000 §2, §4). Right-click gives refresh, close, close others and close all;
 * the affixed home tab stays through all of them. Titles are translation keys or menu names.
 */
export function TabsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { views } = useSnapshot(visitedViews);
  const { tagsIcon } = useSnapshot(settings);
  const current = location.pathname + location.search;
  const activeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  const close = (path: string) => {
    const next = neighbourAfterClose(visitedViews.views, path);
    closeTab(path);
    if (path === current) navigate(next);
  };

  const actions = (path: string, affix: boolean): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tabs.refresh') },
      { key: 'close', label: t('tabs.close'), disabled: affix },
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeAll', label: t('tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') {
        refreshTab(path);
        navigate(`/redirect${path}`, { replace: true });
      } else if (key === 'close') close(path);
      else if (key === 'closeOthers') {
        closeOtherTabs(path);
        if (path !== current) navigate(path);
      } else if (key === 'closeAll') {
        closeAllTabs();
        const remaining = visitedViews.views;
        if (!remaining.some((v) => v.path === current)) navigate(remaining[remaining.length - 1]?.path ?? '/home');
      }
    },
  });

  return (
    <nav className="lc-tabs-bar" aria-label={t('tabs.label')} data-testid="tabs-bar">
      {views.map((view) => {
        const active = view.path === current;
        const title = view.titleKey ? t(view.titleKey) : view.title;
        return (
          <Dropdown key={view.path} menu={actions(view.path, Boolean(view.affix))} trigger={['contextMenu']}>
            <div
              ref={active ? activeRef : undefined}
              role="link"
              tabIndex={0}
              className={`lc-tab${active ? ' active' : ''}`}
              data-path={view.path}
              onClick={() => !active && navigate(view.path)}
              onKeyDown={(event) => event.key === 'Enter' && navigate(view.path)}
            >
              {tagsIcon && view.icon && <MenuIcon name={view.icon} />}
              <span className="lc-tab-title">{title}</span>
              {!view.affix && (
                <CloseOutlined
                  className="lc-tab-close"
                  aria-label={t('tabs.close')}
                  onClick={(event) => {
                    event.stopPropagation();
                    close(view.path);
                  }}
                />
              )}
            </div>
          </Dropdown>
        );
      })}
    </nav>
  );
}
