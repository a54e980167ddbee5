/**
 * What other modules may use of workflow's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/workflow/server is the module's own business and may change without notice.
 */
export { approvalRecordsFor } from './approvalRecords.js';
