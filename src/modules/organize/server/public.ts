/**
 * What other modules may use of organize's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/organize/server is the module's own business and may change without notice.
 */
export { organizeTableCache } from './organizeTableCache.js';
