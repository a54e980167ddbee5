import { Fragment, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { runAction, type ActionEnv } from './actions.js';
import type { ActionSpec } from './screen.js';
import type { Context } from './template.js';
import './actions/builtInActions.js';

/**
 * What a node needs to run actions: `run(action, context)` and the overlays (dialogs, drawers) those actions
 * opened, which the node renders where it is. Navigation goes through the app's router when there is one, and
 * is a plain page load where the runtime is embedded without it; navigating closes the overlay the node sits in.
 */
export function useActionRunner({ modelId, reload, close }: { modelId?: string; reload: () => Promise<void>; close?: () => void }) {
  const { t, i18n } = useTranslation();
  const navigator = useContext(UNSAFE_NavigationContext)?.navigator;
  const [overlays, setOverlays] = useState<{ id: number; node: ReactNode }[]>([]);
  const nextId = useRef(0);

  const open = useCallback((render: (close: () => void) => ReactNode) => {
    const id = (nextId.current += 1);
    const close = () => setOverlays((current) => current.filter((overlay) => overlay.id !== id));
    setOverlays((current) => [...current, { id, node: render(close) }]);
  }, []);

  const run = useCallback(
    (action: ActionSpec, context: Context): Promise<void> => {
      const env: ActionEnv = {
        context,
        modelId,
        reload,
        open,
        // Leaving for another screen closes the dialog or drawer this runs in: the workspace keeps screens alive
        // behind their tabs, so an overlay left open would cover the next one.
        navigate: (to) => {
          close?.();
          if (navigator) navigator.push(to);
          else window.location.assign(to);
        },
        run: (next) => run(next, context),
        t,
        language: i18n.language,
      };
      return runAction(action, env);
    },
    [modelId, reload, close, open, navigator, t, i18n.language],
  );

  const rendered = useMemo(() => overlays.map((overlay) => <Fragment key={overlay.id}>{overlay.node}</Fragment>), [overlays]);
  return { run, overlays: rendered };
}
