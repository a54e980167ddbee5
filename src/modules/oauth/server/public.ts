/**
 * What other modules may use of oauth's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/oauth/server is the module's own business and may change without notice.
 */
export { consumeCaptcha } from './captchaStore.js';
export { clearAccountFailures } from './loginAttempts.js';
export { hashStoredPassword, verifyStoredPassword } from './passwordStore.js';
export { SESSION_ENDED_CHANNEL, authenticate, publishSessionsEnded, revokeOtherSessions } from './sessionStore.js';
export type { SessionUser } from './sessionStore.js';
export { SysLogCategory, writeSysLog } from './sysLog.js';
export { transportHashOf } from './transportPassword.js';
