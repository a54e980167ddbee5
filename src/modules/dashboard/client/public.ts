/**
 * What other modules may use of dashboard's web client: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/dashboard/client is the module's own business and may change without notice.
 */
import './words.js';
