/**
 * The client side of the product's domains (NocoBase's plugins, in small): each folder registers the page
 * nodes, actions and cells its JSON screens name, and its own translations. The screen runtime imports this
 * once, before the first screen renders; a new domain is a folder and a line here.
 */
import './mall/index.js';
import './matApply/index.js';
import './visualdev/index.js';
import './dataInterface/index.js';
import './message/index.js';
import './workflow/index.js';
import './print/index.js';

export {};
