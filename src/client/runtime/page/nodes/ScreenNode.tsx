import type { PageNodeProps } from '../pageNodes.js';
import type { PageNodeSpec } from '../screen.js';
import { ScreenView } from '../ScreenView.js';

/**
 * {type: 'screen', screen}: another screen document inside this one (in a tab, a drawer), loaded by name, with
 * the same permission model. The server serves it to whoever may open the screen that names it.
 */
export interface ScreenNodeSpec extends PageNodeSpec {
  screen: string;
}

export function ScreenNode({ node, scope }: PageNodeProps<ScreenNodeSpec>) {
  return <ScreenView name={node.screen} modelId={scope.modelId} showTitle={false} />;
}
