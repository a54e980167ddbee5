/**
 * What other modules may use of oauth's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/oauth/server is the module's own business and may change without notice.
 * What any module may ask of sign-in without requiring it (ending sessions, the captcha) is ModuleContext.signIn.
 */
export { authenticate } from './sessionStore.js';
export type { SessionUser } from './sessionStore.js';
