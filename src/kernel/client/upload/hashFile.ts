import { md5OfBlob } from './md5Slices.js';

/** The file could not be read (moved, permissions, a vanished network drive): the upload is cancelled. */
export class FileReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileReadError';
  }
}

/**
 * The MD5 identifier of a file, computed in a Web Worker. Where workers do not exist (unit tests in happy-dom)
 * the same slicing runs on the calling thread. An abort stops the worker at once.
 */
export function hashFile(file: Blob, signal?: AbortSignal): Promise<string> {
  if (typeof Worker === 'undefined') return md5OfBlob(file).catch((error: unknown) => Promise.reject(new FileReadError(String(error))));
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<{ md5?: string; error?: string }>) => {
      if (event.data.md5) {
        finish();
        resolve(event.data.md5);
      } else if (event.data.error !== undefined) {
        finish();
        reject(new FileReadError(event.data.error));
      }
    };
    worker.onerror = (event) => {
      finish();
      reject(new FileReadError(event.message || 'worker failed'));
    };
    worker.postMessage({ file });
  });
}
