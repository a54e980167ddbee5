import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { registerPageNode, type PageNodeProps } from '../../../kernel/client/runtime/page/pageNodes.js';
import { registerWords } from '../../../kernel/client/i18n/registerWords.js';
import { onlineDataWords } from '../locale/words.js';

/**
 * The client side of online data (spec 001 §7): its words under `onlineData.` and the page node `onlineDevList`
 * (the list of a released design, which runtime/DynamicModelPage generates). The list node loads on first use:
 * staff opening a released design pay for it, never for the designers (visualdev's). The runtime page itself and
 * /previewModel are given to the app by src/app/client (main.tsx, modulePages.tsx).
 */
registerWords(onlineDataWords);

const OnlineListNode = lazy(async () => ({ default: (await import('./runtime/OnlineListNode.js')).OnlineListNode }));

/** A lazily loaded component rendered with its props, nothing shown while its chunk loads. */
const suspended = <P extends object>(Component: ComponentType<P>, props: P) => createElement(Suspense, { fallback: null }, createElement(Component as ComponentType<object>, props));

registerPageNode('onlineDevList', (props: PageNodeProps) => suspended(OnlineListNode, props));
