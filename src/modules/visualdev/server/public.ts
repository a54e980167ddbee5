/**
 * What other modules may use of visualdev's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/visualdev/server is the module's own business and may change without notice.
 */
export { designRow } from './service.js';
export { WEB_DESIGN_MENU } from './routes.js';
export { seedReleasedDesign } from './release.js';
export type { SeededDesign } from './release.js';
