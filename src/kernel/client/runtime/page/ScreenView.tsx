import { useEffect, useMemo, useState } from 'react';
import { Alert, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.js';
import { PageNode, type NodeScope } from './pageNodes.js';
import { checkScreen, screenBody, ScreenError, textOf, type Screen } from './screen.js';

/**
 * Loads a screen document from the server when it opens, checks it, and renders it; a screen that is missing or
 * invalid says so in place (with the paths of its problems), never a blank page. What it renders is the screen's
 * body node (a list screen's top level is its list node), looked up in the page node registry.
 */
type State = { status: 'loading' } | { status: 'ready'; screen: Screen } | { status: 'invalid'; error: ScreenError } | { status: 'missing' };

const NO_CONTEXT = {};

/** `outer`: the scope of the node holding this screen (a drawer's row), when it is inside another one. */
export function ScreenView({ name, modelId, showTitle = true, outer }: { name: string; modelId?: string; showTitle?: boolean; outer?: Omit<NodeScope, 'modelId'> }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const scope: NodeScope = useMemo(() => ({ ...outer, modelId, context: outer?.context ?? NO_CONTEXT }), [modelId, outer]);
  const body = useMemo(() => (state.status === 'ready' ? screenBody(state.screen) : undefined), [state]);
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    request<unknown>({ url: `/screens/${name}` }).then(
      ({ data }) => {
        if (cancelled) return;
        try {
          setState({ status: 'ready', screen: checkScreen(name, data) });
        } catch (error) {
          setState(error instanceof ScreenError ? { status: 'invalid', error } : { status: 'missing' });
        }
      },
      // The request layer has shown the server's answer (404 for a screen that does not exist).
      () => !cancelled && setState({ status: 'missing' }),
    );
    return () => {
      cancelled = true;
    };
  }, [name]);

  if (state.status === 'loading') return <div className="lc-page-loading-inline"><Spin /></div>;
  if (state.status === 'missing') return <Result status="info" title={t('page.notAvailable')} subTitle={name} />;
  if (state.status === 'invalid') {
    return (
      <Alert
        type="error"
        showIcon
        message={`${t('page.screenInvalid')}：${name}`}
        description={
          <ul className="lc-screen-problems" data-testid="screen-problems">
            {state.error.problems.map((problem) => (
              <li key={`${problem.path}-${problem.message}`}>
                <code>{problem.path}</code> {problem.message}
              </li>
            ))}
          </ul>
        }
      />
    );
  }
  return (
    <div className="lc-screen" data-screen={name}>
      {showTitle && <Typography.Title level={4} className="lc-screen-title">{textOf(state.screen.title, i18n.language)}</Typography.Title>}
      {body && <PageNode node={body} scope={scope} />}
    </div>
  );
}
