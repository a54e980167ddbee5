/**
 * What other modules may use of permission's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/permission/server is the module's own business and may change without notice.
 */
export { loadAuthority } from './authority.js';
export { grantReleasedMenu, menuCodeOwner, releasedMenuId, removeReleasedMenu, saveReleasedMenu } from './releasedMenus.js';
export type { ReleasedResource } from './releasedMenus.js';
