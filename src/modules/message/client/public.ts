/**
 * What other modules may use of message's web client: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/message/client is the module's own business and may change without notice.
 */
export { plainBody } from './bodyText.js';
export { MessageViewer } from './MessageViewer.js';
export { refreshUnread, unread } from './unread.js';
