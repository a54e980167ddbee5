/**
 * What other modules may use of dataInterface's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/dataInterface/server is the module's own business and may change without notice.
 */
export { interfaceRowsByIds, interfaceRunContext } from './rowsByIds.js';
export type { RunContext } from './runInterface.js';
