/**
 * What other modules may use of visualdev's web client: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/visualdev/client is the module's own business and may change without notice.
 */
export { ROW_BUTTONS, TOOLBAR_BUTTONS, readColumnData } from './listDesigner/columnData.js';
export type { ColumnData, DesignSearch } from './listDesigner/columnData.js';
