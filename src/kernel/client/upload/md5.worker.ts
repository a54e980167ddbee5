import { md5OfBlob } from './md5Slices.js';

/**
 * Hashes a file off the main thread, so typing and the upload panel stay responsive while a large file is read.
 * Loaded as a same-origin module file (script-src 'self' allows it; no blob: worker, no eval).
 * In: { file }. Out: { progress } messages, then { md5 } or { error }.
 */
// The client compiles against the DOM library; the worker's global is described here rather than mixing in the
// WebWorker library, whose declarations clash with the DOM's.
const scope = self as unknown as { onmessage: ((event: MessageEvent<{ file: Blob }>) => void) | null; postMessage(message: unknown): void };

scope.onmessage = (event) => {
  md5OfBlob(event.data.file, { onProgress: (done, total) => scope.postMessage({ progress: done / total }) }).then(
    (md5) => scope.postMessage({ md5 }),
    (error: unknown) => scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
};
