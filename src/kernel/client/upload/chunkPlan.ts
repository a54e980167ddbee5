import { CHUNK_SIZE } from './uploadConstants.js';

/** One chunk of a file: chunkNumber counts from 1, as the chunk protocol's test and upload calls send it. */
export interface ChunkSlice {
  chunkNumber: number;
  start: number;
  end: number;
}

/**
 * Cuts a file into fixed chunks; the last one holds the rest. An empty file still has one (empty) chunk, so the
 * server hears of it and the completion call has something to merge.
 */
export function planChunks(size: number, chunkSize = CHUNK_SIZE): ChunkSlice[] {
  const count = Math.max(1, Math.ceil(size / chunkSize));
  return Array.from({ length: count }, (_, index) => ({ chunkNumber: index + 1, start: index * chunkSize, end: Math.min(size, (index + 1) * chunkSize) }));
}
