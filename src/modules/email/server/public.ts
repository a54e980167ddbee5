/**
 * What other modules may use of email's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/email/server is the module's own business and may change without notice.
 */
export { unreadMail } from './mailbox.js';
