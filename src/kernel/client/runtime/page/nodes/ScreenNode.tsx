import { useMemo } from 'react';
import type { PageNodeProps } from '../pageNodes.js';
import type { PageNodeSpec } from '../screen.js';
import { ScreenView } from '../ScreenView.js';

/**
 * {type: 'screen', screen}: another screen document inside this one (in a tab, a drawer), loaded by name, with
 * the same permission model and the holder's context (a drawer's {id}, {row}), reload and close. The server serves it
 * to whoever may open the screen that names it.
 */
export interface ScreenNodeSpec extends PageNodeSpec {
  screen: string;
}

export function ScreenNode({ node, scope }: PageNodeProps<ScreenNodeSpec>) {
  const outer = useMemo(() => ({ context: scope.context, reload: scope.reload, close: scope.close }), [scope.context, scope.reload, scope.close]);
  return <ScreenView name={node.screen} modelId={scope.modelId} showTitle={false} outer={outer} />;
}
