/**
 * What other modules may use of message's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/message/server is the module's own business and may change without notice.
 */
export { MessageType, addInboxMessages, listMessages } from './inbox.js';
