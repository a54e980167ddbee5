/**
 * What other modules may use of users's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/users/server is the module's own business and may change without notice.
 */
export { markUserLocked, recordSignIn, replacePasswordHash } from './repository.js';
export { loadOrganizeIndex } from './userDirectory.js';
export { decoyPasswordHash, hashStoredPassword, needsNewHash, verifyStoredPassword } from './passwordStore.js';
export { SysLogCategory, writeSysLog } from './sysLog.js';
export { transportHashOf } from './transportPassword.js';
