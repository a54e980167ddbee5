/**
 * What other modules may use of dictionary's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/dictionary/server is the module's own business and may change without notice.
 */
export { entryCodeById } from './service.js';
export { seedDictionaryTypes, type DictionaryTypeSeed } from './seed.js';
