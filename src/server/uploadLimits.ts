/** Upload limits, in one place so the limits enforced and the limits stated in messages are the same numbers. */
export const MULTIPART_FILE_LIMIT_BYTES = 10 * 1024 * 1024;
/** A dictionary import is an export of one category: small by nature. */
export const DICTIONARY_IMPORT_LIMIT_BYTES = 2 * 1024 * 1024;
