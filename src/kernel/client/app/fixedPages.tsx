import { PendingFeaturePage } from '../pages/notFound/PendingFeaturePage.js';

/**
 * The fixed pages the router loads when first opened, behind this one lazy module: the main chunk then carries one
 * dynamic import and its preload list instead of one per page (the staff route's first script stays under 350 kB
 * gzip as pages are added). Sign-in and SSO stay direct, being the first page of a visitor who is not signed in.
 */
function pending(feature: 'formShortLink'): React.ComponentType {
  return function PendingRoute() {
    return <PendingFeaturePage feature={feature} />;
  };
}

export const fixedPages = {
  formShortLink: async () => pending('formShortLink'),
  notFound: async () => (await import('../pages/notFound/NotFoundPage.js')).NotFoundPage,
  lockScreen: async () => (await import('../../../modules/oauth/client/lockScreen/LockScreenPage.js')).LockScreenPage,
  externalLink: async () => (await import('../pages/externalLink/ExternalLinkPage.js')).ExternalLinkPage,
  workFlowDetail: async () => (await import('../../../modules/workflow/client/WorkFlowDetailPage.js')).WorkFlowDetailPage,
  previewModel: async () => (await import('../../../modules/visualdev/client/previewModel/PreviewModelPage.js')).PreviewModelPage,
  messageRecord: async () => (await import('../../../modules/message/client/MessageRecordPage.js')).MessageRecordPage,
  profile: async () => (await import('../../../modules/users/client/profile/ProfilePage.js')).ProfilePage,
  dashboard: async () => (await import('../../../modules/dashboard/client/DashboardPage.js')).DashboardPage,
  emailDetail: async () => (await import('../../../modules/email/client/EmailDetailPage.js')).EmailDetailPage,
  orderDetail: async () => (await import('../../../modules/mall/client/orderDetail/OrderDetailPage.js')).OrderDetailPage,
} satisfies Record<string, () => Promise<React.ComponentType>>;

export type FixedPage = keyof typeof fixedPages;
