import { lazy } from 'react';
import { registerPageNode, type PageNodeProps } from '../../../kernel/client/runtime/page/pageNodes.js';
import { suspended } from '../../../kernel/client/components/suspended.js';
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

registerPageNode('onlineDevList', (props: PageNodeProps) => suspended(OnlineListNode, props));
