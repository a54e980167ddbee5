import { makeDatabaseTemplate } from '../../kernel/server/db/databaseTemplate.js';
import { serverModules } from '../../modules/serverModules.js';

/** Makes LabCode's embedded-database template (kernel db/databaseTemplate.ts) at `file`: its modules' migrations. */
export const makeTemplate = (file: string) => makeDatabaseTemplate(file, serverModules);
