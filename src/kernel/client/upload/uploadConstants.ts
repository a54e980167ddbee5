import { UPLOAD_CHUNK_BYTES } from '../../../shared/uploadSizes.js';

/**
 * The chunked upload's constants, as spec 001 §9 states them and JNPF's simple-uploader panel uses them, so a
 * server written for JNPF's client sees the same chunk boundaries and identifiers from ours.
 */
export const CHUNK_SIZE = UPLOAD_CHUNK_BYTES;
/** Retries after the first attempt of a chunk; the sixth failure ends the file in 上传失败. */
export const MAX_CHUNK_RETRIES = 5;
/** MD5 is computed over slices of this size, so a large file never sits in memory whole. */
export const HASH_SLICE_SIZE = 10_240_000;
/** Chunks in flight at once, across all files of a panel (simple-uploader's simultaneousUploads). */
export const SIMULTANEOUS_CHUNKS = 3;
/** Displayed progress stops here until the completion call answers (spec 001 §4). */
export const PROGRESS_CAP = 0.99;
/** A failed chunk waits this long before its next attempt, a little longer each time. */
export const RETRY_DELAY_MS = 400;
