import { UPLOAD_CHUNK_BYTES } from '../../shared/uploadSizes.js';

/** Upload limits, in one place so the limits enforced and the limits stated in messages are the same numbers. */
export const MULTIPART_FILE_LIMIT_BYTES = 10 * 1024 * 1024;
/** A dictionary import is an export of one category: small by nature. */
export const DICTIONARY_IMPORT_LIMIT_BYTES = 2 * 1024 * 1024;
export { CHAT_IMAGE_LIMIT_BYTES, UPLOAD_CHUNK_BYTES } from '../../shared/uploadSizes.js';
/**
 * simple-uploader folds the remainder into the last chunk, which may so be almost twice the chunk size; it stays
 * under the multipart ceiling.
 */
export const MAX_CHUNK_BYTES = 2 * UPLOAD_CHUNK_BYTES - 1;
/** The image widget's default limit (spec 001 §9: 10, unit MB). */
export const IMAGE_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
/** At most this many chunks per file (50 GB in 5 MB chunks): the chunk lists stay small whatever chunkSize says. */
export const MAX_CHUNKS = 10_000;
