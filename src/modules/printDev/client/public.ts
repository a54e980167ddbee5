/**
 * What other modules may use of printDev's web client: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/printDev/client is the module's own business and may change without notice.
 */
export { PrintChooser, printIdsOf } from './PrintPreview.js';
