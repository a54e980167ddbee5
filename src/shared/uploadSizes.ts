/**
 * The chunked upload's sizes (spec 001 §9), shared so the client cuts chunks where the server expects them and
 * both state the same numbers in their messages.
 */
export const UPLOAD_CHUNK_BYTES = 5_242_880;
/** Chat images (spec 001 §9: 5M). */
export const CHAT_IMAGE_LIMIT_BYTES = 5_242_880;
