import type { RouteObject } from 'react-router-dom';

/**
 * /visualdev/formDesignerSandbox: the designer with nothing to save to, for its end-to-end test and for trying a
 * widget (an integrator's, say) without a design record; the design screens (功能设计) host the real thing. The
 * app's router lists this route object; the page and the designer load only when it is opened.
 */
export const formDesignerSandboxRoute: RouteObject = {
  path: '/visualdev/formDesignerSandbox',
  lazy: async () => ({ Component: (await import('./SandboxPage.js')).FormDesignerSandbox }),
};
