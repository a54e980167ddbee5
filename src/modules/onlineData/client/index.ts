import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { i18n } from '../../../kernel/client/i18n/index.js';
import { registerPageNode, type PageNodeProps } from '../../../kernel/client/runtime/page/pageNodes.js';
import { en, zh, zhtw } from './i18n.js';

/**
 * The client side of online data (spec 001 §7): its words under `onlineData.` and the page node `onlineDevList`
 * (the list of a released design, which runtime/DynamicModelPage generates). The list node loads on first use:
 * staff opening a released design pay for it, never for the designers (visualdev's). The runtime page itself and
 * /previewModel are given to the app by src/app/client (main.tsx, modulePages.tsx).
 */
i18n.addResourceBundle('zh', 'translation', { onlineData: zh }, true, true);
i18n.addResourceBundle('zhtw', 'translation', { onlineData: zhtw }, true, true);
i18n.addResourceBundle('en', 'translation', { onlineData: en }, true, true);

const OnlineListNode = lazy(async () => ({ default: (await import('./runtime/OnlineListNode.js')).OnlineListNode }));

/** A lazily loaded component rendered with its props, nothing shown while its chunk loads. */
const suspended = <P extends object>(Component: ComponentType<P>, props: P) => createElement(Suspense, { fallback: null }, createElement(Component as ComponentType<object>, props));

registerPageNode('onlineDevList', (props: PageNodeProps) => suspended(OnlineListNode, props));
