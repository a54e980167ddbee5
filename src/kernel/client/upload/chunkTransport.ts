import type { StoredFile } from '../../../../registry/components/services.js';

/**
 * What the chunk engine asks of the server, as an interface: the HTTP implementation talks to /api/file/chunk
 * and /api/file/merge; unit tests pass a fake that counts calls and fails on purpose.
 */

/** The parameters of one chunk, named as simple-uploader sends them (JNPF servers read these names). */
export interface ChunkParams {
  identifier: string;
  filename: string;
  relativePath: string;
  chunkNumber: number;
  totalChunks: number;
  chunkSize: number;
  currentChunkSize: number;
  totalSize: number;
  fileType: string;
  extension: string;
}

/** The test call's answer: the whole file is there (uploaded), or these chunks are (chunkNumbers). */
export interface ChunkTestAnswer {
  uploaded: boolean;
  chunkNumbers: number[];
  merge: boolean;
}

/** The completion payload of spec 001 §3. */
export interface CompletionPayload {
  identifier: string;
  fileName: string;
  fileSize: number;
  fileType: string;
  extension: string;
  type: string;
  pathType: string;
  isAccount: string;
  folder: string;
}

export interface ChunkTransport {
  testChunk(params: ChunkParams, signal: AbortSignal): Promise<ChunkTestAnswer>;
  sendChunk(params: ChunkParams, body: Blob, signal: AbortSignal, onProgress: (loadedBytes: number) => void): Promise<void>;
  merge(payload: CompletionPayload, signal: AbortSignal): Promise<StoredFile>;
}

/**
 * The server refused with a reason (an envelope whose code is not 200, an expired session): retrying will not
 * help, and the message is the server's own, shown as it is.
 */
export class UploadRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRefusedError';
  }
}
