/**
 * What other modules may use of onlineData's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/onlineData/server is the module's own business and may change without notice.
 */
export { ensureDataTables, formDefinitionOf, retireDataTables, tablePlan } from './dataTables.js';
export type { DesignRecord, PlannedColumn, PlannedTable, RetiredTable, TablePlan } from './dataTables.js';
export { FOREIGN_KEY } from './tablePlan.js';
export type { ColumnType, SystemColumn } from './tablePlan.js';
export { withDisplayValues } from './displayValues.js';
export { withShownValues } from './attributes.js';
export { loadOnlineModel } from './model.js';
export { registerRecordHooks } from './recordHooks.js';
export { readRecord, seedRecord } from './records.js';
export { submitRecord } from './submitRecord.js';
export { submittedValues } from './submission.js';
