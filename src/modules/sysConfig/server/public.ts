/**
 * What other modules may use of sysConfig's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/sysConfig/server is the module's own business and may change without notice.
 */
export { PASSWORD_POLICY_KEYS, SYS_CONFIG_INFO_KEYS, passwordPolicyOf, readSysConfig } from './store.js';
export { SYS_CONFIG_MENU } from './menu.js';
