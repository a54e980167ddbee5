import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { menuTarget } from '../../../../shared/shell/menuTarget.js';
import type { MenuItem } from '../../../../shared/sessionInfo.js';
import { linkContext } from '../../stores/linkContext.js';

/**
 * Opening a menu item, for every menu of the shell: in-app targets navigate, big screens and external links
 * not aimed at _self open a new window (spec 000 §2). Groups do nothing; their menu expands instead.
 */
export function useOpenMenuItem(): (item: MenuItem) => void {
  const navigate = useNavigate();
  return useCallback(
    (item: MenuItem) => {
      const target = menuTarget(item, linkContext());
      if (target.kind === 'window') window.open(target.url, '_blank', 'noopener');
      else if (target.kind === 'route') navigate(target.path);
    },
    [navigate],
  );
}
