/**
 * The client side of the product's domains (NocoBase's plugins, in small): each folder registers the page
 * nodes, actions and cells its JSON screens name, and its own translations. The screen runtime imports this
 * once, before the first screen renders; a new domain is a folder and a line here.
 */
import './mall/client/index.js';
import './matApply/client/index.js';
import './visualdev/client/index.js';
import './onlineData/client/index.js';
import './generator/client/index.js';
import './dataInterface/client/index.js';
import './message/client/index.js';
import './workflow/client/index.js';
import './printDev/client/index.js';
import './shortLink/client/index.js';

export {};
