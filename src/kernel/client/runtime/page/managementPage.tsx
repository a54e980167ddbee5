import { lazy, Suspense, type ReactElement } from 'react';
import { Spin } from 'antd';
import { findMenuItemByPath, menuTarget, MenuType } from '../../../../shared/shell/menuTarget.js';
import { linkContext } from '../../stores/linkContext.js';
import { session } from '../../stores/session.js';

// Loaded when a picker first opens a page: the screen runtime is not part of every form.
const ScreenView = lazy(() => import('./ScreenView.js').then((module) => ({ default: module.ScreenView })));

/**
 * A workspace page by its menu path, for a picker's 添加 dialog (the dictionary picker opens 数据字典 in one, spec
 * 001 §2). Only through the user's own menu item: its buttons and data scope are the page's as if opened from the
 * menu, and a user without the item gets null (the picker then offers no 添加).
 */
export function managementPage(path: string): ReactElement | null {
  const item = findMenuItemByPath(session.menuList, path, linkContext());
  if (!item || item.type !== MenuType.page) return null;
  const target = menuTarget(item, linkContext());
  if (target.kind !== 'route') return null;
  return (
    <Suspense fallback={<div className="lc-page-loading-inline"><Spin /></div>}>
      <ScreenView name={target.path.slice(1)} modelId={item.id} />
    </Suspense>
  );
}
