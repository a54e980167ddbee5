/**
 * What other modules may use of billRule's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/billRule/server is the module's own business and may change without notice.
 */
export { nextBillNumber } from './service.js';
