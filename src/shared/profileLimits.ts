/** Limits of the profile's images, shared so the client refuses early with the same numbers the server enforces. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** Signature images are stored inline as data URLs, so they are kept small. */
export const SIGN_IMAGE_MAX_BYTES = 200 * 1024;
export const SIGN_IMAGES_PER_USER = 10;
