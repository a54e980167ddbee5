import { StrictMode, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router-dom';
import { i18nReady } from '../../kernel/client/i18n/index.js';
import '../../kernel/client/styles.css';
import { App } from '../../kernel/client/app/App.js';
import { createAppRouter } from '../../kernel/client/app/router.js';
import { extendWorkspace } from '../../kernel/client/workspaceExtensions.js';
import { CartBadge } from '../../modules/mall/client/CartBadge.js';
import { refreshCartCount } from '../../modules/mall/client/cartBadge.js';
import { RequisitionBadge } from '../../modules/matApply/client/RequisitionBadge.js';
import { refreshRequisitionCount } from '../../modules/matApply/client/requisitionBadge.js';
import { formDesignerSandboxRoute } from '../../modules/visualdev/client/formDesigner/sandboxRoute.js';
import type { ModulePage } from './modulePages.js';

/**
 * The web app: the kernel's shell and runtime with LabCode's modules. Everything a module adds to the workspace is
 * given here, before the router is made and the first render; the kernel names no module.
 */
const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({ lazy: load });
const modulePage = (name: ModulePage) => page(async () => ({ Component: await (await import('./modulePages.js')).modulePages[name]() }));
// Sign-in and SSO load directly, being the first page of a visitor who is not signed in.
const loginPage = page(async () => ({ Component: (await import('../../modules/oauth/client/login/LoginPage.js')).LoginPage }));
const ssoPage = page(async () => ({ Component: (await import('../../modules/oauth/client/login/SsoPage.js')).SsoPage }));

extendWorkspace({
  publicRoutes: [
    { path: '/login', ...loginPage },
    { path: '/sso', ...ssoPage },
    // The spec's authentication redirect lands back on the SSO page, which finishes the sign-in.
    { path: '/auth-redirect', ...ssoPage },
    { path: '/lockScreen', ...modulePage('lockScreen') },
    // A released design's form filled by link, by anyone (spec 000 §2's public /formShortLink).
    { path: '/formShortLink', ...page(async () => ({ Component: (await import('../../modules/shortLink/client/FormShortLinkPage.js')).FormShortLinkPage })) },
  ],
  workspaceRoutes: [
    { path: '/workFlowDetail', ...modulePage('workFlowDetail') },
    { path: '/previewModel', ...modulePage('previewModel') },
    { path: '/messageRecord', ...modulePage('messageRecord') },
    { path: '/profile', ...modulePage('profile') },
    { path: '/dashboard', ...modulePage('dashboard') },
    { path: '/emailDetail', ...modulePage('emailDetail') },
    // The form designer without a design record (its e2e test, trying a widget); the design screens host the real one.
    formDesignerSandboxRoute,
    // The spec's order link (/orderDetail?prStr=<order id>): the mall's order-detail screen, with the domains it names.
    { path: '/orderDetail', ...modulePage('orderDetail') },
    // Buy now (/fromMall?fromMallParamObj=…) confirms one reagent's order; /cart is the cart's menu page.
    { path: '/fromMall', ...modulePage('fromMall') },
    { path: '/cart', ...modulePage('cart') },
  ],
  // The cart and requisition badges, then the notice bell and the chat entry (its drawer and the message socket it
  // keeps open), these two loaded after the shell.
  topBarItems: [
    CartBadge,
    RequisitionBadge,
    lazy(() => import('../../modules/message/client/NoticeBell.js')),
    lazy(() => import('../../modules/message/client/chat/ChatEntry.js')),
  ],
  onWorkspaceOpen: [() => void refreshCartCount(), () => void refreshRequisitionCount()],
  passwordChange: lazy(async () => ({ default: (await import('../../modules/users/client/profile/ForcedPasswordChange.js')).ForcedPasswordChange })),
  // Online data's runtime page (a released design's) loads only when a released design's menu item opens.
  onlineFormPage: lazy(async () => ({ default: (await import('../../modules/onlineData/client/runtime/DynamicModelPage.js')).DynamicModelPage })),
  loadScreenModules: () => import('../../modules/clientModules.js'),
  loadShippedPagePaths: async () => (await import('./shippedPages.js')).shippedPagePaths(),
});

const router = createAppRouter();

// A language other than the default arrives as a pack (i18n/languagePacks.ts): render once its words are here.
// A pack that fails to load leaves the default language's words, which is better than no page.
void i18nReady.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
