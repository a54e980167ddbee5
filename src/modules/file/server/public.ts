/**
 * What other modules may use of file's server: the one file of it they import (npm run lint:layers checks).
 * Everything else under src/modules/file/server is the module's own business and may change without notice.
 */
export { createDownloadSigner } from './downloadSigning.js';
export type { DownloadSigner } from './downloadSigning.js';
export { shortLivedFiles, storeFile } from './fileBlobs.js';
export { contentDisposition, fileIdOf } from './fileNames.js';
export { blobKey, createFileRecord, findFile, findOwnContent } from './fileRecords.js';
export { fileSettingsFromEnv } from './fileSettings.js';
