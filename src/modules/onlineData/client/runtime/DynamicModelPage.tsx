import { useEffect, useMemo, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../../../kernel/client/api/request.js';
import { PageNode, type NodeScope } from '../../../../kernel/client/runtime/page/pageNodes.js';
import { checkScreen, screenBody, ScreenError, type PageNodeSpec } from '../../../../kernel/client/runtime/page/screen.js';
import { generateScreen, type OnlineConfig } from './generateScreen.js';

/**
 * A menu item of a released design (type 3, propertyJson.moduleId): loads the design's Config, turns it into a
 * screen document (generateScreen), checks it against the page meta-schema and renders it like any screen. The
 * scope's modelId is the menu's id, so the menu's permission entry governs the page; the context carries the
 * design's id as moduleId for the calls. The Config call answers its own codes (spec 000 §8): a refusal or a
 * design that cannot be shown says why in place.
 */
type State = { status: 'loading' } | { status: 'ready'; title: string; body: PageNodeSpec } | { status: 'failed'; reason: string };

export function DynamicModelPage({ menuId, moduleId, title }: { menuId: string; moduleId: string; title: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });
  const scope: NodeScope = useMemo(() => ({ modelId: menuId, context: { moduleId, menuId } }), [menuId, moduleId]);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    request<OnlineConfig>({ url: `/visualdev/OnlineDev/${encodeURIComponent(moduleId)}/Config`, data: { menuId } }).then(
      (envelope) => {
        if (cancelled) return;
        if (envelope.code !== 200 || !envelope.data) return setState({ status: 'failed', reason: envelope.msg || t('page.notAvailable') });
        try {
          const screen = checkScreen(`model/${moduleId}`, generateScreen({ ...envelope.data, id: moduleId }));
          setState({ status: 'ready', title: String(screen.title), body: screenBody(screen) });
        } catch (error) {
          const reason = error instanceof ScreenError ? error.problems.map((p) => `${p.path}: ${p.message}`).join('; ') : error instanceof Error ? error.message : String(error);
          setState({ status: 'failed', reason });
        }
      },
      (error: unknown) => !cancelled && setState({ status: 'failed', reason: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [moduleId, menuId, t]);

  if (state.status === 'loading') return <div className="lc-page-loading-inline"><Spin tip={t('onlineData.runtime.loading')} /></div>;
  if (state.status === 'failed') {
    return (
      <div data-testid="dynamic-model" data-module-id={moduleId}>
        <Alert type="error" showIcon message={`${t('onlineData.runtime.invalid')} ${title} (${moduleId})`} description={state.reason} data-testid="dynamic-model-error" />
      </div>
    );
  }
  return (
    <div className="lc-screen" data-screen={`model/${moduleId}`} data-testid="dynamic-model">
      <Typography.Title level={4} className="lc-screen-title">{state.title || title}</Typography.Title>
      <PageNode node={state.body} scope={scope} />
    </div>
  );
}
