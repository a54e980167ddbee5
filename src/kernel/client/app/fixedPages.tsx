import { PendingFeaturePage } from '../pages/notFound/PendingFeaturePage.js';

/**
 * The kernel's own fixed pages, loaded when first opened, behind this one lazy module: the main chunk then carries
 * one dynamic import and its preload list instead of one per page (the staff route's first script stays under
 * 350 kB gzip as pages are added). The modules' fixed pages come from the app (workspaceExtensions.ts), which
 * keeps them behind one lazy module of its own in the same way.
 */
function pending(feature: 'formShortLink'): React.ComponentType {
  return function PendingRoute() {
    return <PendingFeaturePage feature={feature} />;
  };
}

export const fixedPages = {
  formShortLink: async () => pending('formShortLink'),
  notFound: async () => (await import('../pages/notFound/NotFoundPage.js')).NotFoundPage,
  externalLink: async () => (await import('../pages/externalLink/ExternalLinkPage.js')).ExternalLinkPage,
} satisfies Record<string, () => Promise<React.ComponentType>>;

export type FixedPage = keyof typeof fixedPages;
