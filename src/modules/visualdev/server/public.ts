/**
 * What other modules may use of visualdev's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/visualdev/server is the module's own business and may change without notice.
 */
export { designRow } from './design/service.js';
export { withDisplayValues } from './onlineData/displayValues.js';
export { loadOnlineModel } from './onlineData/model.js';
export { registerRecordHooks } from './onlineData/recordHooks.js';
export { readRecord } from './onlineData/records.js';
